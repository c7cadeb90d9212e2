package org.cairn.engine3d;

/** What a joint holds between its two bodies ({@link JointDef}). */
public enum JointKind {
    /**
     * Spherical: the two anchors coincide, the bodies turn freely about them. A pendulum's pivot,
     * a chain's links.
     */
    BALL,
    /**
     * Revolute: the anchors coincide and B turns only about the axis; the angle can be limited,
     * driven by a motor and pulled by a spring. A door, a wheel on an axle.
     */
    HINGE,
    /**
     * Prismatic: B slides along the axis through A's anchor and does not turn; the offset can be
     * limited, driven by a motor and pulled by a spring. A piston, a drawer.
     */
    SLIDER,
    /** Weld: nothing moves; with softness it bends and springs back. */
    FIXED,
    /**
     * The anchors keep their distance (a rod), stay within limits (a rope: the upper limit only)
     * or are pulled towards a length by a spring; a motor can push along the line.
     */
    DISTANCE,
    /**
     * A wheel (B) on a chassis (A): it slides along the axis (the suspension: `spring` towards an
     * offset, `limits` on its travel), spins freely about its spin axis (driven by the `motor`) and
     * is held at a steering angle about the suspension axis ({@link Joints#setSteerAngle}).
     */
    WHEEL,
    /**
     * Drives B's pose relative to A towards a target (`linearOffset` in A's frame, `angularOffset`
     * about the axis) with at most `maxForce` and `maxTorque`: kinematic-like control of a dynamic
     * body that still collides and yields (Box2D's motor joint).
     */
    MOTOR
}
