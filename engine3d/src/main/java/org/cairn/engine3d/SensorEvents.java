package org.cairn.engine3d;

import org.cairn.engine3d.internal.contact.ContactEventLog;

/**
 * The shapes that began and stopped overlapping sensor shapes ({@link ShapeDef#isSensor()})
 * during the last step, sensor by sensor in slot order, visitors by slot. Found after the step,
 * where the bodies ended it; a shape destroyed since the last step has left its sensors (its own
 * id, now refused by the world), as have the visitors of a destroyed sensor. Obtained from
 * {@link World#sensorEvents()}; reused, valid until the next step, read without allocating.
 */
public final class SensorEvents {
    private final World world;
    private final Sensors sensors;

    SensorEvents(World world, Sensors sensors) {
        this.world = world;
        this.sensors = sensors;
    }

    /** Number of begin-overlap events. */
    public int beginCount() {
        return sensors.begins.size();
    }

    /** The sensor shape of begin event i. */
    public ShapeId beginSensor(int i) {
        return shape(sensors.begins, i, 0);
    }

    /** The shape that came into the sensor in begin event i. */
    public ShapeId beginVisitor(int i) {
        return shape(sensors.begins, i, 1);
    }

    /** The body of the visitor of begin event i. */
    public BodyId beginVisitorBody(int i) {
        return body(sensors.begins, i, 1);
    }

    /** Number of end-overlap events. */
    public int endCount() {
        return sensors.ends.size();
    }

    /** The sensor shape of end event i (perhaps destroyed since). */
    public ShapeId endSensor(int i) {
        return shape(sensors.ends, i, 0);
    }

    /** The shape that left the sensor in end event i (perhaps destroyed since). */
    public ShapeId endVisitor(int i) {
        return shape(sensors.ends, i, 1);
    }

    /** The body of the visitor of end event i (perhaps destroyed since). */
    public BodyId endVisitorBody(int i) {
        return body(sensors.ends, i, 1);
    }

    private ShapeId shape(ContactEventLog log, int i, int side) {
        return world.eventShape(log, i, side);
    }

    private BodyId body(ContactEventLog log, int i, int side) {
        return world.eventBody(log, i, side);
    }
}
