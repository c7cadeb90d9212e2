package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The module exports only the language's API. (Tests run on the class path, so the module system
 * cannot enforce this during the tests themselves; the compiled descriptor is read instead.)
 */
class ModuleDescriptorTest {
    @Test
    void onlyTheApiPackagesAreExported() {
        ModuleDescriptor descriptor = ModuleFinder.of(Path.of("target", "classes")).find("org.cairn.scene")
                .orElseThrow().descriptor();
        Set<String> exported = descriptor.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertEquals(Set.of("org.cairn.scene", "org.cairn.scene.ast", "org.cairn.scene.editor"), exported);
        assertTrue(descriptor.packages().stream().filter(p -> !exported.contains(p))
                .allMatch(p -> p.startsWith("org.cairn.scene.internal")), "every other package is internal");
        assertTrue(descriptor.requires().stream().anyMatch(r -> r.name().equals("org.cairn.engine3d")
                && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)));
    }
}
