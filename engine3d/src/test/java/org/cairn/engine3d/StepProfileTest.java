package org.cairn.engine3d;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.cairn.engine3d.geometry.Box;
import org.cairn.engine3d.internal.world.StepStage;
import org.junit.jupiter.api.Test;

/** The public per-stage profile: its stages are the pipeline's, in order, and it reads the last step. */
class StepProfileTest {
    @Test
    void publicStagesAreThePipelinesInOrder() {
        assertEquals(Arrays.stream(StepStage.values()).map(Enum::name).toList(),
                Arrays.stream(StepProfile.Stage.values()).map(Enum::name).toList());
    }

    @Test
    void profileIsZeroBeforeTheFirstStepAndCoversTheStepsStagesAfter() {
        World world = new World(WorldDef.builder().build());
        BodyId ground = world.createBody(BodyDef.builder().type(BodyType.STATIC).build());
        world.createShape(ground, ShapeDef.DEFAULTS, new Box(5, 0.5, 5));
        BodyId box = world.createBody(BodyDef.builder().position(0, 0.99, 0).build());
        world.createShape(box, ShapeDef.DEFAULTS, new Box(0.5, 0.5, 0.5));
        StepProfile profile = new StepProfile();
        assertEquals(0.0, world.profile(profile).totalMillis());
        world.step();
        world.step();
        world.profile(profile);
        assertTrue(profile.millis(StepProfile.Stage.COLLIDE) > 0);
        assertTrue(profile.millis(StepProfile.Stage.RELAX) > 0);
        double sum = 0;
        for (StepProfile.Stage s : StepProfile.Stage.values()) {
            sum += profile.millis(s);
        }
        assertEquals(sum, profile.totalMillis(), 1e-12);
        StepProfile twice = new StepProfile().add(profile).add(profile).scale(0.5);
        assertEquals(profile.totalMillis(), twice.totalMillis(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> profile.millis(null));
    }
}
