package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.BodyType;
import org.cairn.engine3d.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** Scenes compile to the engine's defs, and every semantic mistake is reported precisely. */
class SceneCompilerTest {
    private static SceneCompiler.Result compile(String text) {
        SceneSyntax.Result parsed = SceneSyntax.parse("test.scene", text);
        assertEquals(List.of(), parsed.diagnostics(), "no syntax errors");
        return SceneCompiler.compile(parsed.file());
    }

    static final String PYRAMID = """
            scene 1
            world gravity=(0, -10m/s^2, 0) dt=1s/60 substeps=4 solver=soft
            let rows = 3
            let h = 0.5m
            material wood density=500kg/m^3 friction=0.7
            body ground static { box half=(20m, 0.5m, 20m) at=(0, -0.5m, 0) friction=0.8 }
            repeat i in 0..rows {
              repeat j in 0..rows-i {
                body crate[i,j] dynamic material=wood at=((j - (rows - i - 1) / 2) * 2*h, h + 2*h*i, 0) {
                  box half=(h, h, h)
                }
              }
            }
            body ball at=(-5m, 1m, 0) v=(3m/s, 0, 0) rot=(0, 90deg, 0) { sphere r=0.25m density=2000kg/m^3 restitution=0.5 }
            """;

    @Test
    void aPyramidSceneCompilesBuildsAndRuns() {
        SceneCompiler.Result result = compile(PYRAMID);
        assertEquals(List.of(), result.diagnostics());
        SceneDef scene = result.scene();
        assertEquals(1.0 / 60, scene.world().timeStep(), 1e-15);
        assertEquals(-10.0, scene.world().gravity().y, 0.0);
        assertEquals(8, scene.bodies().size(), "ground, 6 crates, ball");
        SceneDef.Built built = scene.build();
        World world = built.world();
        BodyId top = built.bodies().get("crate[2,0]");
        assertEquals(new Vector3d(0, 2.5, 0), world.position(top, new Vector3d()));
        assertEquals(500.0, world.mass(top), 1e-9, "wood: 500 kg/m³ × 1 m³");
        assertEquals(BodyType.STATIC, world.type(built.bodies().get("ground")));
        BodyId ball = built.bodies().get("ball");
        assertEquals(2000 * 4.0 / 3 * Math.PI * 0.25 * 0.25 * 0.25, world.mass(ball), 1e-9);
        assertEquals(new Vector3d(3, 0, 0), world.linearVelocity(ball, new Vector3d()));
        Quaterniond q = world.rotation(ball, new Quaterniond());
        assertEquals(Math.cos(Math.PI / 4), q.w, 1e-12, "90deg about y");
        for (int i = 0; i < 120; i++) {
            world.step();
        }
        assertTrue(Math.abs(world.position(top, new Vector3d()).y - 2.5) < 0.02, "the pyramid stands");
    }

    private static Diagnostic onlyError(String text) {
        SceneCompiler.Result result = compile("scene 1\n" + text);
        assertNull(result.scene());
        assertEquals(1, result.diagnostics().size(), result.diagnostics().toString());
        return result.diagnostics().get(0);
    }

    @Test
    void semanticMistakesAreReportedOneEach() {
        Diagnostic head = onlyError("bdy b { sphere r=1m }\n");
        assertEquals(SceneCompiler.UNKNOWN_STATEMENT, head.code());
        assertEquals("unknown statement 'bdy'", head.message());
        assertEquals(List.of("did you mean 'body'?"), head.hints());
        assertEquals("test.scene:2:1", head.span().location());

        Diagnostic property = onlyError("body b { box hlaf=(1m, 1m, 1m) }\n");
        assertEquals(SceneCompiler.UNKNOWN_PROPERTY, property.code());
        assertEquals(List.of("did you mean 'half'?"), property.hints());

        Diagnostic kind = onlyError("body b at=(1s, 0, 0) { sphere r=1m }\n");
        assertEquals(SceneCompiler.WRONG_KIND, kind.code());
        assertEquals("'at' expects a tuple of 3 lengths, got (a time, a plain number, a plain number)", kind.message());

        Diagnostic angle = onlyError("body b rot=(30, 0, 0) { sphere r=1m }\n");
        assertEquals(List.of("angles need a unit: write 30deg or 0.5rad"), angle.hints());

        Diagnostic missing = onlyError("body b { capsule r=1m }\n");
        assertEquals(SceneCompiler.MISSING_PROPERTY, missing.code());
        assertEquals("'capsule' needs 'half_height'", missing.message());

        Diagnostic material = onlyError("material steel density=7850kg/m^3\nbody b material=stele { sphere r=1m }\n");
        assertEquals(SceneCompiler.UNKNOWN_NAME, material.code());
        assertEquals(List.of("did you mean 'steel'?"), material.hints());

        Diagnostic duplicate = onlyError("body b { sphere r=1m }\nbody b { sphere r=1m }\n");
        assertEquals(SceneCompiler.DUPLICATE, duplicate.code());
        assertEquals(3, duplicate.span().startLine());

        Diagnostic range = onlyError("body b { sphere r=-1m }\n");
        assertEquals(SceneCompiler.OUT_OF_RANGE, range.code());
        assertTrue(range.message().startsWith("radius "), range.message());
    }

    @Test
    void errorsInsideLoopsSayWhichIteration() {
        Diagnostic d = onlyError("repeat i in 0..3 {\n  body b[i] at=(i*1m, 1s, 0) { sphere r=1m }\n}\n");
        assertEquals(SceneCompiler.WRONG_KIND, d.code());
        assertEquals(List.of("in repeat i = 0 at test.scene:2:1"), d.hints());
    }

    @Test
    void aSensorShapeIsMadeASensor() {
        SceneCompiler.Result result = compile("scene 1\nbody zone static { box half=(1m, 1m, 1m) sensor=on }\n"
                + "body b { sphere r=1m sensor=off }\n");
        assertEquals(List.of(), result.diagnostics());
        assertTrue(result.scene().bodies().get(0).shapes().get(0).def().isSensor());
        assertFalse(result.scene().bodies().get(1).shapes().get(0).def().isSensor());
    }

    @Test
    void aBulletIsADynamicBodyMadeOne() {
        SceneCompiler.Result result = compile("scene 1\nbody shot bullet=on v=(300m/s, 0, 0) { sphere r=0.05m }\n"
                + "body b bullet=off { sphere r=1m }\n");
        assertEquals(List.of(), result.diagnostics());
        assertTrue(result.scene().bodies().get(0).body().bullet());
        assertFalse(result.scene().bodies().get(1).body().bullet());
        SceneDef.Built built = result.scene().build();
        assertTrue(built.world().isBullet(built.bodies().get("shot")));
        Diagnostic d = onlyError("body wall static bullet=on { box half=(1m, 1m, 1m) }\n");
        assertEquals(SceneCompiler.WRONG_KIND, d.code());
        assertTrue(d.message().contains("only a dynamic body can be a bullet; 'wall' is static"), d.message());
    }

    @Test
    void theVersionLineComesFirst() {
        SceneCompiler.Result result = SceneCompiler.compile(SceneSyntax.parse("v.scene", "body b { sphere r=1m }\n").file());
        assertEquals(SceneCompiler.VERSION, result.diagnostics().get(0).code());
        assertEquals("v.scene:1:1: error[E0301]: a scene must start with its version line, 'scene 1'\n"
                + " 1 | body b { sphere r=1m }\n   | ^\n", result.diagnostics().get(0).render("body b { sphere r=1m }\n"));
        Diagnostic later = onlyError("include \"no-such-file.scene\"\n");
        assertEquals(SceneCompiler.INCLUDE_UNREADABLE, later.code());
    }

    @Test
    void everyWorldSettingReachesTheWorldDef() {
        SceneCompiler.Result r = compile("""
                scene 1
                world contact_damping=5 max_push_speed=2m/s restitution_threshold=0.5m/s position_iterations=3 baumgarte=0.3
                world sleep_speed=3cm/s max_speed=100m/s max_rotation=45deg max_frame_time=100ms
                world friction_mixing=max restitution_mixing=average solver=si iterations=7 relax_iterations=3
                world contact_capacity=8192
                """);
        assertTrue(r.ok(), r.diagnostics().toString());
        org.cairn.engine3d.WorldDef w = r.scene().world();
        assertEquals(8192, w.contactCapacity());
        assertEquals(5, w.contactDampingRatio());
        assertEquals(2, w.maxContactPushSpeed());
        assertEquals(0.5, w.restitutionThreshold());
        assertEquals(3, w.positionIterations());
        assertEquals(3, w.relaxIterations());
        assertEquals(0.3, w.baumgarte());
        assertEquals(0.03, w.sleepSpeed(), 1e-15);
        assertEquals(100, w.maxLinearSpeed());
        assertEquals(Math.PI / 4, w.maxRotationPerStep(), 1e-15);
        assertEquals(0.1, w.maxFrameTime(), 1e-15);
        assertEquals(org.cairn.engine3d.MixingRule.MAXIMUM, w.frictionMixing());
        assertEquals(org.cairn.engine3d.MixingRule.AVERAGE, w.restitutionMixing());
        assertEquals(org.cairn.engine3d.SolverKind.SEQUENTIAL_IMPULSE, w.solver());
        assertEquals(7, w.iterations());

        // A scene may ask for room for at most SceneLimits.MAX_CONTACT_CAPACITY contacts (the API for more).
        Diagnostic tooMany = onlyError("world contact_capacity=65537\n");
        assertEquals(SceneCompiler.OUT_OF_RANGE, tooMany.code());
        assertEquals("contact_capacity must be in [0, 65536], got 65537", tooMany.message());
        assertEquals(65536, compile("scene 1\nworld contact_capacity=65536\n").scene().world().contactCapacity());

        SceneCompiler.Result bad = compile("scene 1\nworld friction_mixing=maximum\n");
        assertEquals("'friction_mixing' is one of average, geometric, max, min, multiply, not 'maximum'",
                bad.diagnostics().get(0).message());
    }

    @Test
    void theThreeOrientationFormsAgree() {
        SceneCompiler.Result r = compile("""
                scene 1
                body euler rot=(0, 90deg, 0) { sphere r=1m }
                body axis axis=(0, 2, 0) angle=90deg { sphere r=1m }
                body quat quat=(0, 1, 0, 1) { sphere r=1m }
                body part { box half=(1m, 1m, 1m) axis=(0, 1, 0) angle=0.5rev }
                """);
        assertTrue(r.ok(), r.diagnostics().toString());
        org.joml.Quaterniond expected = new org.joml.Quaterniond().rotationY(Math.PI / 2);
        for (int i = 0; i < 3; i++) {
            org.joml.Quaterniond q = r.scene().bodies().get(i).body().rotation();
            assertTrue(q.equals(expected, 1e-12), r.scene().bodies().get(i).name() + ": " + q);
        }
        assertEquals(Math.PI, r.scene().bodies().get(3).shapes().get(0).def().localRotation().angle(), 1e-12);

        List<String> messages = compile("""
                scene 1
                body a rot=(0, 90deg, 0) quat=(0, 0, 0, 1) { sphere r=1m }
                body b axis=(0, 1, 0) { sphere r=1m }
                body c axis=(0, 0, 0) angle=1rad { sphere r=1m }
                body d quat=(0, 0, 0, 0) { sphere r=1m }
                body e angle=30 { sphere r=1m }
                """).diagnostics().stream().map(Diagnostic::message).toList();
        assertEquals(List.of("give an orientation once: rot=(x, y, z), axis=(x, y, z) angle=A, or quat=(x, y, z, w)",
                "'axis' and 'angle' go together: axis=(x, y, z) angle=A", "the rotation axis must not be zero",
                "a quaternion must not be zero", "'angle' expects an angle, got a plain number"), messages);
    }

    @Test
    void aMassOverrideScalesTheShapesInertia() {
        SceneCompiler.Result r = compile("""
                scene 1
                body crate mass=2kg { box half=(0.5m, 0.5m, 0.5m) density=123kg/m^3 }
                """);
        assertTrue(r.ok(), r.diagnostics().toString());
        SceneDef.Built built = r.scene().build();
        org.cairn.engine3d.BodyId crate = built.bodies().get("crate");
        org.cairn.engine3d.geometry.MassProperties mp = built.world().massProperties(crate);
        assertEquals(2.0, mp.mass(), 1e-15);
        // A solid cube of side 1 m: I = m (a² + b²) / 12 = 2 · 2 / 12.
        assertEquals(2.0 * 2 / 12, mp.inertia(0, 0), 1e-14);
        assertEquals(2.0 * 2 / 12, mp.inertia(1, 1), 1e-14);

        List<String> messages = compile("""
                scene 1
                body floor static mass=2kg { box half=(1m, 1m, 1m) }
                body ghost mass=1kg
                body bad mass=-1kg { sphere r=1m }
                body wrong mass=3m { sphere r=1m }
                """).diagnostics().stream().map(Diagnostic::message).toList();
        assertEquals(List.of("only a dynamic body has a mass; 'floor' is static", "a body with a mass needs a shape to spread it over",
                "mass must be positive and finite, got -1.0", "'mass' expects a mass, got a length"), messages);
    }

    @Test
    void anInlineTriangleMeshIsStaticGroundThatHoldsABall() {
        SceneCompiler.Result r = compile("""
                scene 1
                body floor static {
                  mesh vertices=((-5m, 0, -5m), (5m, 0, -5m), (5m, 0, 5m), (-5m, 0, 5m)) triangles=((0, 2, 1), (0, 3, 2))
                }
                body ball at=(0, 1m, 0) { sphere r=0.25m }
                """);
        assertTrue(r.ok(), r.diagnostics().toString());
        SceneDef.Built built = r.scene().build();
        for (int i = 0; i < 120; i++) {
            built.world().step();
        }
        double y = built.world().position(built.bodies().get("ball"), new org.joml.Vector3d()).y;
        assertEquals(0.25, y, 0.01, "the ball rests on the mesh");

        List<String> messages = compile("""
                scene 1
                body rock { mesh vertices=((0, 0, 0), (1m, 0, 0), (0, 0, 1m)) triangles=((0, 1, 2)) }
                body floor static { mesh vertices=((0, 0, 0), (1m, 0, 0), (0, 0, 1m)) triangles=((0, 1, 7)) }
                """).diagnostics().stream().map(Diagnostic::code).toList();
        assertEquals(List.of("E0305", "E0309"), messages);
    }

    /**
     * Layers compile to collision bits: declared layers take bits 1, 2, ... in order (bit 0 is the
     * layer of shapes that name none), {@code collides} lists what a layer collides with (all by
     * default). Debris that collides only with the ground falls through other debris.
     */
    @Test
    void layersBecomeCollisionBits() {
        SceneCompiler.Result result = compile("""
                scene 1
                layer debris collides=(ground)
                layer ground
                body floor static layer=ground { box half=(10m, 0.5m, 10m) at=(0, -0.5m, 0) }
                body a at=(0, 0.5m, 0) layer=debris { box half=(0.5m, 0.5m, 0.5m) }
                body b at=(0, 1.6m, 0) { box half=(0.5m, 0.5m, 0.5m) layer=debris }
                body c at=(3m, 0.5m, 0) { box half=(0.5m, 0.5m, 0.5m) }
                body d at=(3m, 1.6m, 0) { box half=(0.5m, 0.5m, 0.5m) }
                """);
        assertEquals(List.of(), result.diagnostics());
        SceneDef scene = result.scene();
        org.cairn.engine3d.ShapeDef debris = scene.bodies().get(1).shapes().get(0).def();
        assertEquals(2L, debris.categoryBits(), "first declared layer: bit 1");
        assertEquals(4L, debris.maskBits(), "collides with ground only: bit 2");
        assertEquals(4L, scene.bodies().get(0).shapes().get(0).def().categoryBits());
        assertEquals(-1L, scene.bodies().get(0).shapes().get(0).def().maskBits());
        assertEquals(1L, scene.bodies().get(3).shapes().get(0).def().categoryBits(), "no layer: bit 0");
        SceneDef.Built built = scene.build();
        for (int i = 0; i < 90; i++) {
            built.world().step();
        }
        double b = built.world().position(built.bodies().get("b"), new Vector3d()).y;
        double d = built.world().position(built.bodies().get("d"), new Vector3d()).y;
        assertEquals(0.5, b, 0.02, "debris b fell through debris a to the floor");
        assertEquals(1.5, d, 0.03, "d rests on c");
    }

    /** A named state replaces the chosen bodies' initial pose and velocities; without it the scene is as written. */
    @Test
    void aNamedStateSetsInitialPosesAndVelocities() {
        String text = """
                scene 1
                let h = 0.5m
                state thrown {
                  crate[1].at = (0, 3*h, 2m)
                  crate[1].v = (1m/s, 0, 0)
                  ball.rot = (0, 0, 90deg)
                  ball.w = (0, 0, 2rad/s)
                }
                repeat i in 0..2 {
                  body crate[i] at=(0, h + 2*h*i, 0) { box half=(h, h, h) }
                }
                body ball at=(5m, 1m, 0) quat=(0, 0, 0, 1) { sphere r=0.2m }
                """;
        SceneSyntax.Result parsed = SceneSyntax.parse("test.scene", text);
        SceneDef plain = SceneCompiler.compile(parsed.file()).scene();
        SceneDef thrown = SceneCompiler.compile(parsed.file(), "thrown").scene();
        assertEquals(new Vector3d(0, 1.5, 0), plain.bodies().get(1).body().position());
        assertEquals(new Vector3d(0, 1.5, 2), thrown.bodies().get(1).body().position());
        assertEquals(new Vector3d(1, 0, 0), thrown.bodies().get(1).body().linearVelocity());
        assertEquals(new Vector3d(0, 0.5, 0), thrown.bodies().get(0).body().position(), "crate[0] untouched");
        assertEquals(Math.sin(Math.PI / 4), thrown.bodies().get(2).body().rotation().z, 1e-12);
        assertEquals(new Vector3d(0, 0, 2), thrown.bodies().get(2).body().angularVelocity());
        assertEquals(new Vector3d(0, 0, 0), plain.bodies().get(2).body().angularVelocity());
        SceneCompiler.Result missing = SceneCompiler.compile(parsed.file(), "throw");
        assertNull(missing.scene());
        assertEquals("this scene has no state 'throw'", missing.diagnostics().get(0).message());
        assertEquals(List.of("did you mean 'thrown'?"), missing.diagnostics().get(0).hints());
    }

    /**
     * {@code include "FILE" as NS} brings in the file's materials and bodies with their names
     * prefixed by {@code NS.}; its constants and materials stay its own; without {@code as}, names
     * come in as written. Paths are relative to the including file.
     */
    @Test
    void includedFilesBringTheirBodiesUnderTheirNamespace() {
        java.util.Map<String, String> files = java.util.Map.of(
                "lib/stack.scene", """
                        scene 1
                        let h = 0.25m
                        material oak density=800kg/m^3
                        repeat i in 0..2 {
                          body block[i] material=oak at=(0, h + 2*h*i, 0) { box half=(h, h, h) }
                        }
                        """,
                "lib/ground.scene", """
                        scene 1
                        material stone density=2500kg/m^3
                        body ground static { box half=(10m, 0.5m, 10m) at=(0, -0.5m, 0) material=stone }
                        """);
        SceneSyntax.Result parsed = SceneSyntax.parse("main.scene", """
                scene 1
                include "lib/ground.scene"
                include "lib/stack.scene" as left
                body ball material=stone at=(3m, 1m, 0) { sphere r=0.5m }
                """);
        SceneCompiler.Result result = SceneCompiler.compile(parsed.file(), null, (from, path) -> {
            String text = files.get(path);
            if (text == null) {
                throw new java.nio.file.NoSuchFileException(path);
            }
            return new Includes.Source(path, text);
        });
        assertEquals(List.of(), result.diagnostics());
        List<String> names = result.scene().bodies().stream().map(SceneDef.BodySpec::name).toList();
        assertEquals(List.of("ground", "left.block[0]", "left.block[1]", "ball"), names);
        SceneDef.Built built = result.scene().build();
        assertEquals(800 * 0.125, built.world().mass(built.bodies().get("left.block[1]")), 1e-9, "its own material");
        assertEquals(new Vector3d(0, 0.75, 0), built.world().position(built.bodies().get("left.block[1]"), new Vector3d()));
        assertEquals(2500 * 4.0 / 3 * Math.PI / 8, built.world().mass(built.bodies().get("ball")), 1e-9,
                "a material of a file included without a namespace is the main file's too");
        assertEquals(2, result.sources().size());
    }

    /** A material pair sets the friction and restitution between two materials; a value left out is mixed as usual. */
    @Test
    void materialPairsOverrideMixing() {
        SceneCompiler.Result result = compile("""
                scene 1
                world restitution_mixing=min
                material ice friction=0.05 restitution=0.2
                material rubber friction=1.0 restitution=0.9
                material steel friction=0.4 restitution=0.6
                pair rubber ice friction=0.3
                pair steel steel restitution=0.95
                body ground static { box half=(10m, 0.5m, 10m) at=(0, -0.5m, 0) material=ice }
                body puck at=(0, 0.1m, 0) v=(2m/s, 0, 0) { box half=(0.1m, 0.1m, 0.1m) material=rubber }
                """);
        assertEquals(List.of(), result.diagnostics());
        List<SceneDef.MaterialPair> pairs = result.scene().pairs();
        assertEquals(new SceneDef.MaterialPair(2, 1, 0.3, 0.2), pairs.get(0), "restitution mixed by min: 0.2");
        assertEquals(new SceneDef.MaterialPair(3, 3, 0.4, 0.95), pairs.get(1), "friction mixed by the geometric mean");
        SceneDef.Built built = result.scene().build();
        built.world().step();
        assertEquals(0.3, built.world().contacts().friction(0), 0.0);
    }

    /** A body's block may use let and repeat to make its shapes: a ring of eight boxes is one compound. */
    @Test
    void repeatInsideABodyMakesItsShapes() {
        SceneCompiler.Result result = compile("""
                scene 1
                body ring static {
                  let n = 8
                  repeat k in 0..n { box half=(0.3m, 0.1m, 0.1m) at=(2m * cos(360deg * k/n), 2m * sin(360deg * k/n), 0) }
                }
                """);
        assertEquals(List.of(), result.diagnostics());
        List<SceneDef.ShapeSpec> shapes = result.scene().bodies().get(0).shapes();
        assertEquals(8, shapes.size());
        assertEquals(0, shapes.get(2).def().localPosition().x, 1e-12);
        assertEquals(2, shapes.get(2).def().localPosition().y, 1e-12);
    }

    /** Probes name what to record, of a body or of the whole scene, and how often. */
    @Test
    void probesAreCompiled() {
        SceneCompiler.Result result = compile("""
                scene 1
                probe top body=crate[1] record=(position, velocity) every=5
                probe totals record=kinetic_energy
                repeat i in 0..2 {
                  body crate[i] at=(0, 0.5m + i, 0) { box half=(0.5m, 0.5m, 0.5m) }
                }
                """);
        assertEquals(List.of(), result.diagnostics());
        assertEquals(List.of(new SceneDef.Probe("top", "crate[1]", List.of("position", "velocity"), 5),
                new SceneDef.Probe("totals", null, List.of("kinetic_energy"), 1)), result.scene().probes());
    }
}
