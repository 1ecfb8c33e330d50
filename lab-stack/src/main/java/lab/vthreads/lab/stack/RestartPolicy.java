package lab.vthreads.lab.stack;

/**
 * What to do when a component exits on its own, in compose's words: {@code no} (report it, leave it down) or
 * {@code on-failure[:N]} (start it again when it exited with a non-zero code, at most N times; unlimited without N).
 */
public record RestartPolicy(boolean onFailure, int maxRestarts) {

    public static final RestartPolicy NO = new RestartPolicy(false, 0);

    public static RestartPolicy parse(String text) {
        String t = text.trim();
        if (t.equals("no")) return NO;
        if (t.equals("on-failure")) return new RestartPolicy(true, Integer.MAX_VALUE);
        if (t.startsWith("on-failure:")) {
            try {
                int max = Integer.parseInt(t.substring("on-failure:".length()));
                if (max >= 1) return new RestartPolicy(true, max);
            } catch (NumberFormatException e) {
                // falls through to the message below
            }
        }
        throw new IllegalArgumentException("Invalid restart policy '" + text + "': use no, on-failure or on-failure:N (N >= 1)");
    }

    /** Whether a component that exited with this code, after this many restarts, is started again. */
    public boolean restarts(int exitCode, int restartsSoFar) {
        return onFailure && exitCode != 0 && restartsSoFar < maxRestarts;
    }

    @Override
    public String toString() {
        return !onFailure ? "no" : maxRestarts == Integer.MAX_VALUE ? "on-failure" : "on-failure:" + maxRestarts;
    }
}
