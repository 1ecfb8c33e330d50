package lab.vthreads.gatling;

import lab.vthreads.infra.load.LoadProperty;

/**
 * This load generator's part of a load split over several (a Kubernetes indexed Job's pods, or several local
 * JVMs): {@code -Dshards=N} and {@code -Dshard=I}, or the Job's own {@code JOB_COMPLETION_INDEX}. Each part takes
 * 1/N of the users or of the arrival rate; the parts' results files are merged afterwards ({@code ./lab merge-results}).
 *
 * @param index 0 to count - 1
 * @param count how many parts the load is split into (1: not split)
 */
public record Shard(int index, int count) {

    public static final Shard WHOLE = new Shard(0, 1);

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + " of " + count + ": need 0 <= shard < shards and shards >= 1");
        }
    }

    /** From -Dshards and -Dshard, the index falling back to JOB_COMPLETION_INDEX (what an indexed Job sets). */
    public static Shard fromSystemProperties() {
        int count = LoadProperty.SHARDS.intValue(1);
        String index = LoadProperty.SHARD.value(System.getenv("JOB_COMPLETION_INDEX"));
        if (count > 1 && index == null) {
            throw new IllegalArgumentException("-Dshards=" + count + " needs -Dshard=I (or JOB_COMPLETION_INDEX)");
        }
        return new Shard(index == null ? 0 : Integer.parseInt(index.trim()), count);
    }

    /** This part's users: the first (total mod count) parts take one more, so the parts add up to the total. */
    public int users(int total) {
        if (total < count) throw new IllegalArgumentException(total + " users cannot be split over " + count + " shards");
        return total / count + (index < total % count ? 1 : 0);
    }

    public double rate(double total) {
        return total / count;
    }

    public boolean split() {
        return count > 1;
    }
}
