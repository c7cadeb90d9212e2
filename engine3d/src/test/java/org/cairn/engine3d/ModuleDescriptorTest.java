package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The module exports only the API packages. (Tests run on the class path, so the module system
 * cannot enforce this during the tests themselves; the compiled descriptor is read instead.)
 */
class ModuleDescriptorTest {
    @Test
    void onlyTheApiPackagesAreExported() {
        ModuleDescriptor descriptor = ModuleFinder.of(Path.of("target", "classes")).find("org.cairn.engine3d")
                .orElseThrow().descriptor();
        Set<String> exported = descriptor.exports().stream().map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertEquals(Set.of("org.cairn.engine3d", "org.cairn.engine3d.geometry"), exported);
        assertTrue(descriptor.packages().stream().filter(p -> !exported.contains(p))
                .allMatch(p -> p.startsWith("org.cairn.engine3d.internal")), "every other package is internal");
        assertTrue(descriptor.requires().stream()
                .anyMatch(r -> r.name().equals("org.joml") && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)));
    }
}
