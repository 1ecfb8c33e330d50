package lab.vthreads.lab.model;

/**
 * The mean response time of the requests that complete in a window which opens before a closed workload has reached
 * its steady state. Mean value analysis predicts the steady mean, every user through the queue again and again; a
 * window that opens before one steady response has passed holds the queue's first requests, whose waits grow from
 * nothing.
 *
 * <p>A fluid approximation of the start (the deterministic limit of the queue, as network calculus treats it): the
 * bottleneck serves X requests a second, first come first served, busy from the start; requests join its queue as
 * the users arrive, N ÷ r a second over the ramp, and as each user comes back for its next request, its think time
 * after the last completed, X a second. The request completing at t is the one that joined when as many had joined as
 * have been served by t; its response is t less that moment. Once the first requests are all through, this is
 * N ÷ X − Z, the steady response by Little's law.
 *
 * @param users           closed users
 * @param rampSeconds     over which they arrived
 * @param thinkSeconds    each user's pause between a response and its next request
 * @param throughput      the bottleneck's rate, requests a second (the queueing prediction)
 * @param unqueuedSeconds the response with nothing queued
 */
public record FirstPass(int users, double rampSeconds, double thinkSeconds, double throughput, double unqueuedSeconds) {

    public FirstPass {
        if (users < 1 || !(throughput > 0) || rampSeconds < 0 || thinkSeconds < 0 || unqueuedSeconds < 0) {
            throw new IllegalArgumentException("users ≥ 1, throughput > 0, and a ramp, think time and response ≥ 0: " + users + ", "
                    + throughput + ", " + rampSeconds + ", " + thinkSeconds + ", " + unqueuedSeconds);
        }
    }

    /** Requests that have joined the queue {@code seconds} into the load: the users' first, then their next ones. */
    double joined(double seconds) {
        double first = rampSeconds > 0 ? users * Math.min(1, seconds / rampSeconds) : users;
        return first + throughput * Math.max(0, seconds - thinkSeconds - unqueuedSeconds);
    }

    /** The response of the request completing {@code seconds} into the load. */
    public double responseAt(double seconds) {
        double latest = seconds - unqueuedSeconds;
        if (latest <= 0) return unqueuedSeconds;
        // Served by now: as fast as the bottleneck goes, or every request that joined in time, when it keeps up.
        double served = Math.min(throughput * latest, joined(latest));
        double early = 0, late = latest;
        for (int i = 0; i < 60; i++) {
            double mid = (early + late) / 2;
            if (joined(mid) >= served) late = mid;
            else early = mid;
        }
        return seconds - late;
    }

    /** The mean response of the requests completing between {@code from} and {@code to} seconds into the load. */
    public double meanOver(double from, double to) {
        if (!(to > from)) throw new IllegalArgumentException("a window of some length: " + from + " to " + to);
        // The completions come evenly at X a second, so their mean is the response's mean over time: the trapezoid rule.
        int steps = 2_000;
        double step = (to - from) / steps, sum = (responseAt(from) + responseAt(to)) / 2;
        for (int i = 1; i < steps; i++) sum += responseAt(from + i * step);
        return sum / steps;
    }
}
