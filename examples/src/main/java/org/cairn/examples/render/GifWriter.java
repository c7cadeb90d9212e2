package org.cairn.examples.render;

import java.awt.image.BufferedImage;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * An animated GIF that loops forever, written frame by frame with the JDK's GIF writer (which
 * picks each frame's 256 colours itself). GIF counts delays in hundredths of a second.
 */
public final class GifWriter implements Closeable {
    private final ImageWriter writer;
    private final ImageOutputStream out;
    private final int delayCentiseconds;
    private boolean first = true;

    /** Opens {@code file} for frames shown {@code delayCentiseconds} each (at least 2: browsers slow faster GIFs down). */
    public GifWriter(Path file, int delayCentiseconds) throws IOException {
        this.writer = ImageIO.getImageWritersByFormatName("gif").next();
        Files.deleteIfExists(file);
        this.out = ImageIO.createImageOutputStream(file.toFile());
        this.delayCentiseconds = Math.max(2, delayCentiseconds);
        writer.setOutput(out);
        writer.prepareWriteSequence(null);
    }

    /** Appends a frame. */
    public void add(BufferedImage frame) throws IOException {
        ImageTypeSpecifier type = ImageTypeSpecifier.createFromRenderedImage(frame);
        IIOMetadata metadata = writer.getDefaultImageMetadata(type, writer.getDefaultWriteParam());
        String format = metadata.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) metadata.getAsTree(format);
        IIOMetadataNode control = child(root, "GraphicControlExtension");
        control.setAttribute("disposalMethod", "none");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", Integer.toString(delayCentiseconds));
        control.setAttribute("transparentColorIndex", "0");
        if (first) {
            // The Netscape extension: loop for ever.
            IIOMetadataNode applications = child(root, "ApplicationExtensions");
            IIOMetadataNode loop = new IIOMetadataNode("ApplicationExtension");
            loop.setAttribute("applicationID", "NETSCAPE");
            loop.setAttribute("authenticationCode", "2.0");
            loop.setUserObject(new byte[] {1, 0, 0});
            applications.appendChild(loop);
            first = false;
        }
        metadata.setFromTree(format, root);
        writer.writeToSequence(new IIOImage(frame, null, metadata), null);
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }

    @Override
    public void close() throws IOException {
        writer.endWriteSequence();
        out.close();
        writer.dispose();
    }
}
