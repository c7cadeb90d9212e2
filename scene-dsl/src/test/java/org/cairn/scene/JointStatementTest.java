package org.cairn.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cairn.engine3d.BodyId;
import org.cairn.engine3d.JointId;
import org.cairn.engine3d.JointKind;
import org.cairn.engine3d.World;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/** The joint statement builds the engine's joints, with units per kind, and its mistakes are reported at the value. */
class JointStatementTest {
    private static SceneCompiler.Result compile(String text) {
        SceneSyntax.Result parsed = SceneSyntax.parse("test.scene", "scene 1\n" + text);
        assertEquals(List.of(), parsed.diagnostics(), "no syntax errors");
        return SceneCompiler.compile(parsed.file());
    }

    private static Diagnostic onlyError(String text) {
        SceneCompiler.Result result = compile(text);
        assertNull(result.scene());
        assertEquals(1, result.diagnostics().size(), result.diagnostics().toString());
        return result.diagnostics().get(0);
    }

    private static final String BODIES = """
            body post static at=(0, 2m, 0) { box half=(0.1m, 0.1m, 0.1m) }
            body arm at=(0.5m, 2m, 0) { box half=(0.5m, 0.05m, 0.05m) }
            """;

    @Test
    void aHingeWithLimitsAndAMotorBuildsAndTurnsAtItsSpeed() {
        SceneCompiler.Result result = compile(BODIES + "world gravity=(0, 0, 0)\n"
                + "joint hinge elbow a=post b=arm at=(0, 2m, 0) axis=(0, 0, 1) limits=(-45deg, 90deg) motor=(30deg/s, 10N*m)\n");
        assertEquals(List.of(), result.diagnostics());
        SceneDef.JointSpec spec = result.scene().joints().get(0);
        assertEquals(JointKind.HINGE, spec.kind());
        assertEquals(Math.toRadians(-45), spec.limits()[0], 1e-15);
        assertEquals(Math.toRadians(30), spec.motor()[0], 1e-15);
        SceneDef.Built built = result.scene().build();
        World world = built.world();
        JointId elbow = built.joints().get("elbow");
        for (int i = 0; i < 60; i++) {
            world.step();
        }
        assertEquals(Math.toRadians(30), world.joints().speed(elbow), 1e-3);
        assertEquals("elbow", world.joints().name(elbow));
    }

    @Test
    void aChainOfIndexedJointsFollowsItsRepeat() {
        SceneCompiler.Result result = compile("""
                body top static at=(0, 5m, 0) { sphere r=0.1m }
                repeat i in 0..4 {
                  body link[i] at=(0, 4.5m - i * 1m, 0) { capsule r=0.05m half_height=0.4m }
                }
                joint ball first a=top b=link[0] at=(0, 5m, 0)
                repeat i in 1..4 {
                  joint ball hold[i] a=link[i - 1] b=link[i] at=(0, 5m - i * 1m, 0)
                }
                joint distance rope a=top b=link[3] at=(0, 5m, 0) at_b=(0, 1m, 0) limits=(0, 4m)
                """);
        assertEquals(List.of(), result.diagnostics());
        List<SceneDef.JointSpec> joints = result.scene().joints();
        assertEquals(List.of("first", "hold[1]", "hold[2]", "hold[3]", "rope"), joints.stream().map(SceneDef.JointSpec::name).toList());
        assertEquals("link[1]", joints.get(2).bodyA(), "hold[2] joins link[1] to link[2]");
        assertEquals("link[2]", joints.get(2).bodyB());
        World world = result.scene().build().world();
        assertEquals(5, world.joints().count());
    }

    @Test
    void anUnknownKindSuggestsTheNearest() {
        Diagnostic d = onlyError(BODIES + "joint hindge j a=post b=arm at=(0, 2m, 0)\n");
        assertEquals(SceneCompiler.UNKNOWN_NAME, d.code());
        assertTrue(d.message().contains("unknown joint kind 'hindge'"), d.message());
        assertTrue(d.hints().contains("did you mean 'hinge'?"), d.hints().toString());
        assertEquals(7, d.span().startColumn(), "under the kind");
    }

    @Test
    void anUnknownBodyIsNamedWithTheNearest() {
        Diagnostic d = onlyError(BODIES + "joint ball j a=post b=amr at=(0, 2m, 0)\n");
        assertTrue(d.message().contains("unknown body 'amr'"), d.message());
        assertTrue(d.hints().contains("did you mean 'arm'?"), d.hints().toString());
        assertEquals(23, d.span().startColumn(), "under the value");
    }

    @Test
    void aHingesLimitsAreAnglesWithUnits() {
        Diagnostic d = onlyError(BODIES + "joint hinge j a=post b=arm at=(0, 2m, 0) limits=(-1, 1)\n");
        assertTrue(d.message().contains("'limits' expects (lower, upper) angles"), d.message());
        assertTrue(d.hints().contains("angles need a unit: write 30deg or 0.5rad"), d.hints().toString());
    }

    @Test
    void aPropertyOfAnotherKindIsRefused() {
        Diagnostic d = onlyError(BODIES + "joint fixed j a=post b=arm at=(0, 2m, 0) limits=(0, 1m)\n");
        assertTrue(d.message().contains("'limits' is for ball, hinge, slider, distance and wheel joints, not a fixed joint"),
                d.message());
        Diagnostic cone = onlyError(BODIES + "joint hinge j a=post b=arm at=(0, 2m, 0) cone=30deg\n");
        assertTrue(cone.message().contains("'cone' is for ball joints, not a hinge joint"), cone.message());
    }

    @Test
    void aBallJointsFrictionIsATorqueThatHoldsTheArmLevel() {
        SceneCompiler.Result result = compile(BODIES
                + "joint ball shoulder a=post b=arm at=(0, 2m, 0) axis=(0, 0, 1) friction=200N*m\n");
        assertEquals(List.of(), result.diagnostics());
        assertEquals(200, result.scene().joints().get(0).friction());
        SceneDef.Built built = result.scene().build();
        World world = built.world();
        assertEquals(200, world.joints().friction(built.joints().get("shoulder")));
        for (int i = 0; i < 60; i++) {
            world.step();
        }
        BodyId arm = built.bodies().get("arm");
        assertTrue(world.mass(arm) * 9.81 * 0.5 < 200, "the arm's weight turns it with less than the friction about the joint");
        assertEquals(2.0, world.position(arm, new Vector3d()).y, 1e-3, "held level");
        Diagnostic hinge = onlyError(BODIES + "joint hinge j a=post b=arm at=(0, 2m, 0) friction=1N*m\n");
        assertTrue(hinge.message().contains("'friction' is for ball joints"), hinge.message());
        Diagnostic unit = onlyError(BODIES + "joint ball j a=post b=arm at=(0, 2m, 0) friction=1N\n");
        assertTrue(unit.message().contains("'friction' expects a torque"), unit.message());
        Diagnostic negative = onlyError(BODIES + "joint ball j a=post b=arm at=(0, 2m, 0) friction=-1N*m\n");
        assertTrue(negative.message().contains("friction torque must be"), negative.message());
    }

    @Test
    void theEnginesRulesAreCheckedAtCompileTime() {
        Diagnostic range = onlyError(BODIES + "joint hinge j a=post b=arm at=(0, 2m, 0) limits=(-200deg, 0deg)\n");
        assertEquals(SceneCompiler.OUT_OF_RANGE, range.code());
        assertTrue(range.message().contains("lower must be in"), range.message());
        Diagnostic statics = onlyError("body a static { sphere r=1m }\nbody b static at=(3m, 0, 0) { sphere r=1m }\n"
                + "joint ball j a=a b=b at=(0, 0, 0)\n");
        assertTrue(statics.message().contains("needs a dynamic body"), statics.message());
        Diagnostic missing = onlyError(BODIES + "joint ball j a=post b=arm\n");
        assertTrue(missing.message().contains("a joint needs 'at'"), missing.message());
    }

    @Test
    void aBrokenJointIsReportedAfterTheStepItBreaksIn() {
        SceneCompiler.Result result = compile(BODIES
                + "joint fixed weld a=post b=arm at=(0, 2m, 0) break_force=10N break_torque=1N*m\n");
        assertEquals(List.of(), result.diagnostics());
        SceneDef.Built built = result.scene().build();
        World world = built.world();
        world.step();
        assertTrue(world.joints().isBroken(built.joints().get("weld")), "a 25 kg arm pulls harder than 10 N");
        for (int i = 0; i < 30; i++) {
            world.step();
        }
        assertTrue(world.position(built.bodies().get("arm"), new Vector3d()).y < 1.5, "and falls");
    }

    @Test
    void aWheelTakesItsSpinAxisSteeringAndASpinMotorInRadiansPerSecond() {
        SceneCompiler.Result result = compile(BODIES + "body tyre at=(1m, 2m, 0) { sphere r=0.3m }\n"
                + "joint wheel w a=arm b=tyre at=(1m, 2m, 0) axis=(0, 1, 0) spin_axis=(0, 0, 1) steer=10deg"
                + " motor=(2rad/s, 50N*m) spring=(4Hz, 0.7, 0) limits=(-0.1m, 0.1m)\n");
        assertEquals(List.of(), result.diagnostics());
        SceneDef.JointSpec spec = result.scene().joints().get(0);
        assertEquals(JointKind.WHEEL, spec.kind());
        assertEquals(Math.toRadians(10), spec.steer(), 1e-15);
        assertEquals(2.0, spec.motor()[0], 0.0);
        Diagnostic linearMotor = onlyError(BODIES + "body tyre at=(1m, 2m, 0) { sphere r=0.3m }\n"
                + "joint wheel w a=arm b=tyre at=(1m, 2m, 0) axis=(0, 1, 0) motor=(2m/s, 50N)\n");
        assertTrue(linearMotor.message().contains("(speed in rad/s, most torque in N*m)"), linearMotor.message());
    }

    @Test
    void aMotorJointTakesItsTargetsAndLimits() {
        SceneCompiler.Result result = compile(BODIES + "joint motor drive a=post b=arm at=(0.5m, 2m, 0) axis=(0, 1, 0)"
                + " offset=(0.5m, 0, 0) turn=30deg max_force=200N max_torque=20N*m correction=0.5 collide=on\n");
        assertEquals(List.of(), result.diagnostics());
        SceneDef.JointSpec spec = result.scene().joints().get(0);
        assertEquals(JointKind.MOTOR, spec.kind());
        assertEquals(0.5, spec.motorTarget()[0], 0.0);
        assertEquals(Math.toRadians(30), spec.motorTarget()[3], 1e-15);
        assertEquals(200, spec.motorTarget()[4], 0.0);
        assertEquals(0.5, spec.correction(), 0.0);
        assertEquals(1, result.scene().build().world().joints().count());
        Diagnostic wrong = onlyError(BODIES + "joint hinge j a=post b=arm at=(0, 2m, 0) offset=(1m, 0, 0)\n");
        assertTrue(wrong.message().contains("'offset' is for motor joints, not a hinge joint"), wrong.message());
    }

    @Test
    void aProbeWatchesAJointByName() {
        SceneCompiler.Result result = compile(BODIES + "joint hinge elbow a=post b=arm at=(0, 2m, 0) axis=(0, 0, 1)\n"
                + "probe bend joint=elbow record=(coordinate, reaction_force) every=2\n");
        assertEquals(List.of(), result.diagnostics());
        SceneDef.Probe probe = result.scene().probes().get(0);
        assertEquals("elbow", probe.joint());
        assertEquals(List.of("coordinate", "reaction_force"), probe.quantities());
        Diagnostic unknown = onlyError(BODIES + "joint hinge elbow a=post b=arm at=(0, 2m, 0)\n"
                + "probe bend joint=elbw record=(coordinate)\n");
        assertTrue(unknown.message().contains("watches unknown joint 'elbw'"), unknown.message());
        assertTrue(unknown.hints().contains("did you mean 'elbow'?"), unknown.hints().toString());
        Diagnostic wrong = onlyError(BODIES + "joint hinge elbow a=post b=arm at=(0, 2m, 0)\n"
                + "probe bend joint=elbow record=(position)\n");
        assertTrue(wrong.message().contains("a probe of a joint records coordinate"), wrong.message());
    }
}
