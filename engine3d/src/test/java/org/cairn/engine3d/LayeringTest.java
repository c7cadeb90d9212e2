package org.cairn.engine3d;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The allowed direction of package dependencies inside engine3d, written down once:
 *
 * <pre>
 *   internal.check   internal.math   internal.container   internal.task   (depend on nothing in Cairn)
 *          \            /      \              |
 *          internal.shape       \             |        (hull building, polyhedron mass)
 *                 |              \            |
 *              geometry      internal.body     |        (exported shapes; body state and integrator)
 *                 |                 |          |
 *        internal.collision.*       |          |        (broadphase, narrowphase)
 *                 |                 |          |
 *         internal.contact          |          |        (persistent contacts, events)
 *                 |                 |          |
 *          internal.solver          |          |        (contact constraints: soft step, sequential impulses)
 *                   \               /
 *                  internal.world                       (shape store, mass updates, step pipeline)
 *                        |
 *                 org.cairn.engine3d          (exported API: World, defs, ids)
 * </pre>
 *
 * Nothing may depend on the API package, and engine3d uses nothing outside the JDK and JOML.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.cairn.engine3d");
    }

    @Test
    void packagesDependOnlyDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Api").definedBy("org.cairn.engine3d")
                .layer("World").definedBy("org.cairn.engine3d.internal.world..")
                .layer("Solver").definedBy("org.cairn.engine3d.internal.solver..")
                .layer("Contact").definedBy("org.cairn.engine3d.internal.contact..")
                .layer("Collision").definedBy("org.cairn.engine3d.internal.collision..")
                .layer("Geometry").definedBy("org.cairn.engine3d.geometry..")
                .layer("Body").definedBy("org.cairn.engine3d.internal.body..")
                .layer("Shape").definedBy("org.cairn.engine3d.internal.shape..")
                .layer("Math").definedBy("org.cairn.engine3d.internal.math..")
                .layer("Check").definedBy("org.cairn.engine3d.internal.check..")
                .layer("Container").definedBy("org.cairn.engine3d.internal.container..")
                .layer("Task").definedBy("org.cairn.engine3d.internal.task..")
                .whereLayer("Api").mayNotBeAccessedByAnyLayer()
                .whereLayer("World").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("Solver").mayOnlyBeAccessedByLayers("World", "Api")
                .whereLayer("Contact").mayOnlyBeAccessedByLayers("Solver", "World", "Api")
                .whereLayer("Collision").mayOnlyBeAccessedByLayers("Contact", "Solver", "World", "Api")
                .whereLayer("Geometry").mayOnlyBeAccessedByLayers("Collision", "World", "Api")
                .whereLayer("Body").mayOnlyBeAccessedByLayers("Solver", "World", "Api")
                .whereLayer("Shape").mayOnlyBeAccessedByLayers("Geometry", "World", "Api")
                .whereLayer("Math").mayNotAccessAnyLayer()
                .whereLayer("Check").mayNotAccessAnyLayer()
                .whereLayer("Container").mayNotAccessAnyLayer()
                .whereLayer("Task").mayNotAccessAnyLayer()
                .check(classes);
    }

    @Test
    void engineDependsOnTheJdkAndJomlAlone() {
        classes().should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.joml..", "org.cairn.engine3d..")
                .check(classes);
    }
}
