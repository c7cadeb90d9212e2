package org.cairn.engine3d.internal.contact;

import java.util.Arrays;
import org.cairn.engine3d.internal.collision.narrowphase.Manifold;
import org.cairn.engine3d.internal.container.BodyEdges;

/**
 * Persistent contacts: one per pair of shapes whose broadphase boxes overlap, in creation order,
 * removed by swapping the last one into the gap (so the order depends only on the sequence of
 * events). Each holds its latest manifold, with the points' anchors relative to the two bodies'
 * centres of mass (world orientation) and the impulses the solver accumulated on them.
 *
 * <p>When a new manifold arrives, each new point takes over the impulses of the old point with the
 * same feature id, each old point at most once; unmatched points start from zero. A contact whose
 * manifold gains its first point begins touching, one that loses its last point ends touching;
 * both are recorded as events for the step.
 */
public final class ContactStore {
    private static final int P = Manifold.MAX_POINTS;
    private static final int CACHE = org.cairn.engine3d.internal.collision.narrowphase.Narrowphase.CACHE_INTS;

    public int count;
    public int[] shapeA = new int[16];
    public int[] shapeB = new int[16];
    /** The bodies of shapeA and shapeB. */
    public int[] bodyA = new int[16];
    public int[] bodyB = new int[16];
    /**
     * Each body's contacts as a doubly linked list of edges: edge 2c is contact c seen from bodyA,
     * 2c + 1 from bodyB; {@link #NONE} ends a list. The step finds the contacts of its awake bodies
     * through these lists, so sleeping bodies' contacts cost nothing (Box2D v3's contact edges).
     */
    private final BodyEdges edges = new BodyEdges(16);
    /** No edge. */
    public static final int NONE = BodyEdges.NONE;


    /**
     * Checks the contact lists against the contacts (for tests): every contact is on both its
     * bodies' lists exactly once, and every list links back correctly. Null when consistent, else
     * what is wrong.
     */
    public String checkEdges(int bodyCount) {
        int[] seen = new int[2 * count];
        for (int i = 0; i < bodyCount; i++) {
            int prev = NONE;
            for (int e = firstEdge(i); e != NONE; e = edges.next(e)) {
                int c = e >> 1;
                if (c >= count) {
                    return "body " + i + " lists edge " + e + " of no contact";
                }
                if ((e & 1) == 0 ? bodyA[c] != i : bodyB[c] != i) {
                    return "body " + i + " lists edge " + e + " of another body";
                }
                if (edges.previous(e) != prev) {
                    return "edge " + e + " links back to " + edges.previous(e) + ", not " + prev;
                }
                seen[e]++;
                prev = e;
            }
        }
        for (int e = 0; e < 2 * count; e++) {
            if (seen[e] != 1) {
                return "edge " + e + " is listed " + seen[e] + " times";
            }
        }
        return null;
    }

    /** The first edge of body i's contact list, or {@link #NONE}; its contact is edge &gt;&gt; 1. */
    public int firstEdge(int i) {
        return edges.first(i);
    }

    /** The edge after e in its body's list, or {@link #NONE}. */
    public int nextEdge(int e) {
        return edges.next(e);
    }

    public boolean[] touching = new boolean[16];
    public double[] normal = new double[3 * 16];
    public int[] pointCount = new int[16];
    /** Per point (P per contact): world position, anchors from each body's centre, separation, id. */
    public double[] position = new double[3 * P * 16];
    public double[] anchorA = new double[3 * P * 16];
    public double[] anchorB = new double[3 * P * 16];
    public double[] separation = new double[P * 16];
    public int[] featureId = new int[P * 16];
    /** Accumulated normal impulse per point, N·s. */
    public double[] normalImpulse = new double[P * 16];
    /**
     * Accumulated friction per contact (one friction point per manifold): the linear impulse as a
     * world vector (3, N·s; the next step projects it onto the tangents of its normal, so it
     * survives the basis turning) and the twist about the normal (1, N·m·s).
     */
    public double[] frictionImpulse = new double[4 * 16];

    /** Impulses applied over the whole last step (summed over substeps), N·s: what the view reports. */
    public double[] stepNormalImpulse = new double[P * 16];
    public double[] stepTangentImpulse = new double[2 * P * 16];
    /** The friction's twist about the normal over the last step, per contact, N·m·s. */
    public double[] stepTwistImpulse = new double[16];
    /** Mixed material per contact: friction √(μA·μB), restitution max(eA, eB). */
    public double[] friction = new double[16];
    public double[] restitution = new double[16];
    /** Rolling resistance lever per contact, m (0: none), and its accumulated angular impulse, N·m·s. */
    public double[] rolling = new double[16];
    public double[] rollingImpulse = new double[3 * 16];

    /**
     * Manifold recycling (a touching pair that barely moved keeps its manifold): per contact,
     * whether the record below describes its current manifold; the two bodies' centres of mass
     * and rotations when it was computed (cA, qA, cB, qB: 14 doubles); the bodies' mass epochs
     * then (2); and per point the separation then (its anchors, {@link #anchorA} and
     * {@link #anchorB}, are kept while it is recycled). For a pair found apart instead, the gap
     * the narrowphase proved then, m ({@code -Infinity}: none), with the same poses and epochs.
     */
    public boolean[] recyclable = new boolean[16];
    public double[] apartGap = new double[16];
    public double[] recyclePose = new double[POSE * 16];
    public int[] recycleEpoch = new int[2 * 16];
    public double[] recycleSeparation = new double[P * 16];
    /** Doubles per contact in {@link #recyclePose}. */
    public static final int POSE = 14;

    /**
     * The solver's mass data of each contact's manifold as last prepared: each point's normal mass
     * (P), the manifold's block K⁺ and K (P×P each), its friction centre, points' twist levers,
     * friction masses and twist mass (3 + P + 4 + 1; usable only if every point's friction weight
     * was 1 then and is now, {@link #memoFriction}). Valid
     * while the manifold's anchors and normal are the ones it was prepared from (a fresh manifold
     * ends it; a recycled one keeps it: a change of either body's mass ends recycling, so it ends
     * this too) and the solver reuses it only while both bodies' inverse inertias cannot have
     * changed either (isotropic or not dynamic), so that it is exactly what preparing again would
     * compute.
     */
    public boolean[] memoValid = new boolean[16];
    public boolean[] memoFriction = new boolean[16];
    /**
     * Per contact, 1 + the constraint slot its {@link #massMemo} was last written to or copied
     * into (0: none). With the slot's own record of whose data it holds, the solver leaves the
     * data where they are when a contact keeps its slot from one step to the next.
     */
    public int[] memoSlot = new int[16];
    public double[] massMemo = new double[MEMO * 16];
    /** Doubles per contact in {@link #massMemo}. */
    public static final int MEMO = P + 2 * P * P + 3 + P + 4 + 1;
    /** Where the friction part of a contact's {@link #massMemo} starts. */
    public static final int MEMO_FRICTION = P + 2 * P * P;

    /** Per contact, the collide functions' cache ({@code Narrowphase.CACHE_INTS} ints). */
    public int[] cache = new int[CACHE * 16];

    /** This step's begin-touch, end-touch and hit events. */
    public final ContactEventLog beginEvents = new ContactEventLog();
    public final ContactEventLog endEvents = new ContactEventLog();
    public final ContactEventLog hitEvents = new ContactEventLog();
    /** Where the events read the shapes' and bodies' generations (set by the world). */
    public ContactEventLog.Generations generations = ContactEventLog.NONE;

    /**
     * Per contact, after the solve: the fastest approach (m/s, ≥ 0) of a point that pushed during
     * the step, and that point's index (−1: none).
     */
    public double[] hitSpeed = new double[16];
    public int[] hitPoint = new int[16];

    /** The small arrays one worker needs to match a contact's new points to its old ones. */
    public static final class UpdateScratch {
        final int[] claimed = new int[P];
        final double[] oldImpulse = new double[P];
        final int[] oldId = new int[P];
    }

    private final UpdateScratch serialScratch = new UpdateScratch();

    /**
     * Makes room for the contact lists of bodies 0..n−1 when the bodies are made, rather than
     * when their first contacts are, in a step.
     */
    public void ensureBodies(int n) {
        edges.ensureBodies(n);
    }

    /** How many contacts the arrays hold before they grow again. */
    public int capacity() {
        return shapeA.length;
    }

    /**
     * Makes room for at least n contacts at once, so that a world can take the growth of its
     * contact storage before its pairs form rather than while they do (each growth copies every
     * array, and its garbage makes the collector copy the live ones again).
     */
    public void reserve(int n) {
        if (n > shapeA.length) {
            grow(n);
        }
        // At most one begin or end and one hit per contact a step.
        beginEvents.reserve(n);
        endEvents.reserve(n);
        hitEvents.reserveHits(n);
    }

    private void grow(int c) {
        shapeA = Arrays.copyOf(shapeA, c);
        shapeB = Arrays.copyOf(shapeB, c);
        bodyA = Arrays.copyOf(bodyA, c);
        bodyB = Arrays.copyOf(bodyB, c);
        edges.ensureItems(c);
        touching = Arrays.copyOf(touching, c);
        normal = Arrays.copyOf(normal, 3 * c);
        pointCount = Arrays.copyOf(pointCount, c);
        position = Arrays.copyOf(position, 3 * P * c);
        anchorA = Arrays.copyOf(anchorA, 3 * P * c);
        anchorB = Arrays.copyOf(anchorB, 3 * P * c);
        separation = Arrays.copyOf(separation, P * c);
        featureId = Arrays.copyOf(featureId, P * c);
        normalImpulse = Arrays.copyOf(normalImpulse, P * c);
        frictionImpulse = Arrays.copyOf(frictionImpulse, 4 * c);
        stepTwistImpulse = Arrays.copyOf(stepTwistImpulse, c);
        cache = Arrays.copyOf(cache, CACHE * c);
        stepNormalImpulse = Arrays.copyOf(stepNormalImpulse, P * c);
        stepTangentImpulse = Arrays.copyOf(stepTangentImpulse, 2 * P * c);
        friction = Arrays.copyOf(friction, c);
        restitution = Arrays.copyOf(restitution, c);
        rolling = Arrays.copyOf(rolling, c);
        hitSpeed = Arrays.copyOf(hitSpeed, c);
        hitPoint = Arrays.copyOf(hitPoint, c);
        rollingImpulse = Arrays.copyOf(rollingImpulse, 3 * c);
        recyclable = Arrays.copyOf(recyclable, c);
        apartGap = Arrays.copyOf(apartGap, c);
        memoValid = Arrays.copyOf(memoValid, c);
        memoFriction = Arrays.copyOf(memoFriction, c);
        memoSlot = Arrays.copyOf(memoSlot, c);
        massMemo = Arrays.copyOf(massMemo, MEMO * c);
        recyclePose = Arrays.copyOf(recyclePose, POSE * c);
        recycleEpoch = Arrays.copyOf(recycleEpoch, 2 * c);
        recycleSeparation = Arrays.copyOf(recycleSeparation, P * c);
    }

    /**
     * Adds a contact for shapes a &lt; b of bodies ba and bb with their mixed material, not touching
     * yet; returns its index.
     */
    public int create(int a, int b, int ba, int bb, double mixedFriction, double mixedRestitution, double rollingLever) {
        if (count == shapeA.length) {
            grow(2 * shapeA.length);
        }
        int c = count++;
        shapeA[c] = a;
        shapeB[c] = b;
        bodyA[c] = ba;
        bodyB[c] = bb;
        edges.link(2 * c, ba);
        edges.link(2 * c + 1, bb);
        touching[c] = false;
        pointCount[c] = 0;
        recyclable[c] = false;
        apartGap[c] = Double.NEGATIVE_INFINITY;
        memoValid[c] = false;
        memoSlot[c] = 0;
        Arrays.fill(cache, CACHE * c, CACHE * c + CACHE, 0);
        friction[c] = mixedFriction;
        restitution[c] = mixedRestitution;
        rolling[c] = rollingLever;
        rollingImpulse[3 * c] = 0;
        rollingImpulse[3 * c + 1] = 0;
        rollingImpulse[3 * c + 2] = 0;
        Arrays.fill(frictionImpulse, 4 * c, 4 * c + 4, 0.0);
        stepTwistImpulse[c] = 0;
        return c;
    }

    /** Removes contact c (recording an end event if it was touching) by swapping the last into its place. */
    public void destroy(int c) {
        if (touching[c]) {
            endEvents.add(shapeA[c], shapeB[c], bodyA[c], bodyB[c], generations);
        }
        edges.unlink(2 * c, bodyA[c]);
        edges.unlink(2 * c + 1, bodyB[c]);
        int last = --count;
        if (c != last) {
            copy(last, c);
            edges.move(2 * last, 2 * c, bodyA[c]);
            edges.move(2 * last + 1, 2 * c + 1, bodyB[c]);
        }
    }

    private void copy(int from, int to) {
        shapeA[to] = shapeA[from];
        shapeB[to] = shapeB[from];
        bodyA[to] = bodyA[from];
        bodyB[to] = bodyB[from];
        touching[to] = touching[from];
        pointCount[to] = pointCount[from];
        System.arraycopy(normal, 3 * from, normal, 3 * to, 3);
        System.arraycopy(position, 3 * P * from, position, 3 * P * to, 3 * P);
        System.arraycopy(anchorA, 3 * P * from, anchorA, 3 * P * to, 3 * P);
        System.arraycopy(anchorB, 3 * P * from, anchorB, 3 * P * to, 3 * P);
        System.arraycopy(separation, P * from, separation, P * to, P);
        System.arraycopy(featureId, P * from, featureId, P * to, P);
        System.arraycopy(normalImpulse, P * from, normalImpulse, P * to, P);
        System.arraycopy(frictionImpulse, 4 * from, frictionImpulse, 4 * to, 4);
        stepTwistImpulse[to] = stepTwistImpulse[from];
        System.arraycopy(cache, CACHE * from, cache, CACHE * to, CACHE);
        System.arraycopy(stepNormalImpulse, P * from, stepNormalImpulse, P * to, P);
        System.arraycopy(stepTangentImpulse, 2 * P * from, stepTangentImpulse, 2 * P * to, 2 * P);
        friction[to] = friction[from];
        restitution[to] = restitution[from];
        rolling[to] = rolling[from];
        System.arraycopy(rollingImpulse, 3 * from, rollingImpulse, 3 * to, 3);
        recyclable[to] = recyclable[from];
        apartGap[to] = apartGap[from];
        memoValid[to] = memoValid[from];
        memoFriction[to] = memoFriction[from];
        // The slot records contact from as its owner, not to: the data are copied in again.
        memoSlot[to] = 0;
        System.arraycopy(massMemo, MEMO * from, massMemo, MEMO * to, MEMO);
        System.arraycopy(recyclePose, POSE * from, recyclePose, POSE * to, POSE);
        System.arraycopy(recycleEpoch, 2 * from, recycleEpoch, 2 * to, 2);
        System.arraycopy(recycleSeparation, P * from, recycleSeparation, P * to, P);
    }

    /** Packs a shape pair. */
    public static long pairKey(int a, int b) {
        return ((long) Math.min(a, b) << 32) | (Math.max(a, b) & 0xffffffffL);
    }

    /**
     * Stores a new manifold for contact c, matching feature ids to carry impulses over, with the
     * bodies' centres of mass at (cax, cay, caz) and (cbx, cby, cbz) for the anchors.
     */
    public void update(int c, Manifold m, double cax, double cay, double caz, double cbx, double cby, double cbz) {
        updatePoints(c, m, cax, cay, caz, cbx, cby, cbz, serialScratch);
        setTouching(c, m.pointCount > 0);
    }

    /**
     * The part of {@link #update} that touches contact c alone (points, anchors, carried impulses),
     * for a worker; {@link #setTouching} must follow, on one thread, in contact order.
     */
    public void updatePoints(int c, Manifold m, double cax, double cay, double caz, double cbx, double cby, double cbz,
                             UpdateScratch scratch) {
        memoValid[c] = false;
        int[] oldId = scratch.oldId, claimedScratch = scratch.claimed;
        double[] oldImpulse = scratch.oldImpulse;
        int oldCount = pointCount[c];
        for (int j = 0; j < oldCount; j++) {
            oldId[j] = featureId[P * c + j];
            oldImpulse[j] = normalImpulse[P * c + j];
            claimedScratch[j] = 0;
        }
        int n = m.pointCount;
        normal[3 * c] = m.normalX;
        normal[3 * c + 1] = m.normalY;
        normal[3 * c + 2] = m.normalZ;
        for (int k = 0; k < n; k++) {
            int p = P * c + k;
            double x = m.position[3 * k], y = m.position[3 * k + 1], z = m.position[3 * k + 2];
            position[3 * p] = x;
            position[3 * p + 1] = y;
            position[3 * p + 2] = z;
            anchorA[3 * p] = x - cax;
            anchorA[3 * p + 1] = y - cay;
            anchorA[3 * p + 2] = z - caz;
            anchorB[3 * p] = x - cbx;
            anchorB[3 * p + 1] = y - cby;
            anchorB[3 * p + 2] = z - cbz;
            separation[p] = m.separation[k];
            featureId[p] = m.featureId[k];
            normalImpulse[p] = 0.0;
            stepNormalImpulse[p] = 0.0;
            stepTangentImpulse[2 * p] = 0.0;
            stepTangentImpulse[2 * p + 1] = 0.0;
            for (int j = 0; j < oldCount; j++) {
                if (claimedScratch[j] == 0 && oldId[j] == m.featureId[k]) {
                    claimedScratch[j] = 1;
                    normalImpulse[p] = oldImpulse[j];
                    break;
                }
            }
        }
        pointCount[c] = n;
        if (n == 0) {
            // Friction carries over without matching points, but not across a separation.
            Arrays.fill(frictionImpulse, 4 * c, 4 * c + 4, 0.0);
            stepTwistImpulse[c] = 0;
        }
    }

    /** Records whether contact c touches now, with a begin or end event when that changed. */
    public void setTouching(int c, boolean now) {
        if (now && !touching[c]) {
            beginEvents.add(shapeA[c], shapeB[c], bodyA[c], bodyB[c], generations);
        } else if (!now && touching[c]) {
            endEvents.add(shapeA[c], shapeB[c], bodyA[c], bodyB[c], generations);
        }
        touching[c] = now;
    }
}
