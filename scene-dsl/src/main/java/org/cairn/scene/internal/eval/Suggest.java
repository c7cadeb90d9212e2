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
            int d = distance(word, candidate);
            if (d < bestDistance && d <= limit && !candidate.equals(word)) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
