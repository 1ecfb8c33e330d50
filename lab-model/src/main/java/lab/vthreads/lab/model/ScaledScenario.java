package lab.vthreads.lab.model;

import java.util.List;
import java.util.Locale;

/**
 * A published scenario moved to this machine. What decides whether virtual threads help is where the platform
 * thread bound (threads ÷ hold time) sits relative to the CPU bound: far below it, platform threads cap throughput;
 * above it, the CPU does and both modes look alike. Keeping that ratio, rather than the absolute thread count,
 * reproduces the study's situation on a smaller or busier machine; users scale with the threads so the load stays
 * at the same multiple of the thread pool.
 */
public record ScaledScenario(int tomcatThreads, List<Integer> users, List<Integer> publishedUsers, double ratio, String explanation) {

    /** This scaling with a sentence more of explanation. */
    public ScaledScenario withNote(String note) {
        return new ScaledScenario(tomcatThreads, users, publishedUsers, ratio, explanation + " " + note);
    }

    /** The published users level a scaled one stands for, to compare with the study's row. */
    public int publishedUsersFor(int scaledUsers) {
        int i = users.indexOf(scaledUsers);
        return i >= 0 ? publishedUsers.get(i) : scaledUsers;
    }

    public static ScaledScenario of(double publishedThreadBound, double publishedCpuBound, int publishedThreads, List<Integer> publishedUsers,
                                    double cpuBoundHere, double holdSecondsHere) {
        double ratio = publishedThreadBound / publishedCpuBound;
        double targetThreadBound = ratio * cpuBoundHere;
        int threads = (int) Math.max(1, Math.round(targetThreadBound * holdSecondsHere));
        double factor = (double) threads / publishedThreads;
        List<Integer> users = publishedUsers.stream().map(u -> (int) Math.max(1, Math.round(u * factor))).toList();
        String explanation = String.format(Locale.ROOT,
                "The study's thread bound was %.2f× its CPU bound (%.0f ÷ %.0f req/s). Here the CPU bound is %.0f req/s and a request "
                        + "holds its thread %.0f ms, so %d Tomcat threads (%.0f req/s) keep that ratio; users scale by the same %.3f "
                        + "(%s → %s).", ratio, publishedThreadBound, publishedCpuBound, cpuBoundHere, holdSecondsHere * 1000, threads,
                threads / holdSecondsHere, factor, publishedUsers, users);
        return new ScaledScenario(threads, users, List.copyOf(publishedUsers), ratio, explanation);
    }
}
