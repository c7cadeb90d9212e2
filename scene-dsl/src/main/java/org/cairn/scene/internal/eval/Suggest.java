package org.cairn.scene.internal.eval;

/** "Did you mean ...?": the closest candidate by Damerau–Levenshtein distance, if close enough. */
public final class Suggest {
    private Suggest() {
    }

    /**
     * The candidate nearest to {@code word} if its distance is at most 2 and at most a third of
     * the word's length (rounded up), else null. Ties go to the first candidate.
     */
    public static String closest(String word, Iterable<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        int limit = Math.min(2, Math.max(1, (word.length() + 2) / 3));
        for (String candidate : candidates) {
            // The distance is at least the difference in length: most candidates end here.
            if (Math.abs(candidate.length() - word.length()) > limit) {
                continue;
            }
            int d = distance(word, candidate, limit);
            if (d < bestDistance && d <= limit && !candidate.equals(word)) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps). */
    static int distance(String a, String b) {
        return distance(a, b, Integer.MAX_VALUE - 1);
    }

    /**
     * The optimal string alignment distance, or some value above {@code limit} as soon as every
     * alignment of a prefix costs more than it: three rows of the table, not the whole table, and
     * most pairs of names stop after a few rows.
     */
    static int distance(String a, String b, int limit) {
        int m = b.length();
        int[] before = new int[m + 1], previous = new int[m + 1], row = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            int smallest = row[0];
            for (int j = 1; j <= m; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int d = Math.min(Math.min(previous[j] + 1, row[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, before[j - 2] + 1);
                }
                row[j] = d;
                smallest = Math.min(smallest, d);
            }
            if (smallest > limit) {
                return limit + 1;
            }
            int[] t = before;
            before = previous;
            previous = row;
            row = t;
        }
        return previous[m];
    }
}
