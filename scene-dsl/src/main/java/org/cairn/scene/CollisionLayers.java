package org.cairn.scene;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.cairn.scene.ast.Statement;
import org.cairn.scene.internal.eval.Suggest;
import org.cairn.scene.internal.eval.Value;

/**
 * A scene's collision layers ({@code layer NAME [collides=(A, B)]}): each layer's category bit and
 * the mask of the layers it collides with, which a shape's filter takes. Bit 0 is the layer of
 * shapes that name none; declared layers take bits 1 to {@link SceneCompiler#MAX_LAYERS} in order.
 */
final class CollisionLayers {
    /** The layer of shapes that name none; it cannot be declared. */
    static final String DEFAULT = "default";
    /** Layer name → its category bit; and its mask, once the collides lists are resolved. */
    private final Map<String, Long> bits = new LinkedHashMap<>();
    private final Map<String, Long> masks = new HashMap<>();
    private final JointStatements.Errors errors;

    CollisionLayers(JointStatements.Errors errors) {
        this.errors = errors;
    }

    /**
     * First pass over the top-level statements: every {@code layer NAME [collides=...]} gets its
     * bit, then its mask (all layers when it names none).
     */
    void declare(List<Statement> statements, Function<Statement.Generic, Map<String, Value>> checkedProperties) {
        bits.put(DEFAULT, 1L);
        List<Statement.Generic> declared = new ArrayList<>();
        for (Statement s : statements) {
            if (!(s instanceof Statement.Generic g) || !g.head().equals("layer")) {
                continue;
            }
            if (g.words().size() != 1 || !g.words().get(0).indices().isEmpty() || g.block() != null) {
                errors.error(SceneCompiler.WRONG_KIND, g.span(), "a layer needs exactly one plain name: layer NAME [collides=(A, B)]");
                continue;
            }
            String name = g.words().get(0).base();
            if (bits.containsKey(name)) {
                errors.error(SceneCompiler.DUPLICATE, g.words().get(0).span(), name.equals(DEFAULT)
                        ? "'default' is the layer of shapes that name none; it cannot be declared"
                        : "layer '" + name + "' is already declared");
                continue;
            }
            if (bits.size() > SceneCompiler.MAX_LAYERS) {
                errors.error(SceneCompiler.OUT_OF_RANGE, g.span(), "a scene may declare at most " + SceneCompiler.MAX_LAYERS + " layers");
                continue;
            }
            bits.put(name, 1L << bits.size());
            declared.add(g);
        }
        for (String name : bits.keySet()) {
            masks.put(name, -1L);
        }
        for (Statement.Generic g : declared) {
            String name = g.words().get(0).base();
            Map<String, Value> props = checkedProperties.apply(g);
            if (props == null || !props.containsKey("collides")) {
                continue;
            }
            Value v = props.get("collides");
            List<Value> items = v instanceof Value.Tuple t ? t.items() : List.of(v);
            long mask = 0;
            boolean ok = true;
            for (Value item : items) {
                String other = ((Value.Word) item).name();
                if (other.equals("all") && items.size() == 1) {
                    mask = -1L;
                } else if (other.equals("none") && items.size() == 1) {
                    mask = 0;
                } else if (known(other, g.properties().get(0).value().span())) {
                    mask |= bits.get(other);
                } else {
                    ok = false;
                }
            }
            if (ok) {
                masks.put(name, mask);
            }
        }
    }

    /** Whether the layer is declared (or is the default one); if not, reports it at {@code at}. */
    boolean known(String name, SourceSpan at) {
        if (bits.containsKey(name)) {
            return true;
        }
        String guess = Suggest.closest(name, bits.keySet());
        errors.error(SceneCompiler.UNKNOWN_NAME, at, "unknown layer '" + name + "'", guess == null ? new String[] {"declare it first: layer " + name}
                : new String[] {"did you mean '" + guess + "'?"});
        return false;
    }

    /** The layer's category bit (the layer must be {@link #known}). */
    long bit(String layer) {
        return bits.get(layer);
    }

    /** The bits of the layers the layer collides with (the layer must be {@link #known}). */
    long mask(String layer) {
        return masks.get(layer);
    }
}
