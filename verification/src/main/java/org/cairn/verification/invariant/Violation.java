package org.cairn.verification.invariant;

/**
 * A broken invariant: after which step, which invariant (a short stable name such as
 * {@code friction-cone}), and a message naming the bodies, the contact point and the numbers.
 */
public record Violation(long step, String invariant, String message) {
    /** One line for people: {@code step 12: friction-cone: |Pt| = ... > μ·Pn = ... at ...}. */
    public String describe() {
        return "step " + step + ": " + invariant + ": " + message;
    }
}
