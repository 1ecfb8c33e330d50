package lab.vthreads.gatling;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Splitting a load over several load generators, and what each writes so the parts can be merged exactly. */
class ShardTest {

    @Test
    void thePartsAddUpToTheWholeAndDifferByAtMostOneUser() {
        int[] parts = IntStream.range(0, 4).map(i -> new Shard(i, 4).users(1001)).toArray();

        assertThat(parts).containsExactly(251, 250, 250, 250);
        assertThat(IntStream.of(parts).sum()).isEqualTo(1001);
        assertThat(new Shard(1, 4).rate(100)).isEqualTo(25.0);
        assertThat(Shard.WHOLE.users(7)).isEqualTo(7);
    }

    @Test
    void refusesAnIndexOutsideTheSplitAndMoreShardsThanUsers() {
        assertThatThrownBy(() -> new Shard(4, 4)).hasMessageContaining("0 <= shard < shards");
        assertThatThrownBy(() -> new Shard(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Shard(0, 4).users(3)).hasMessageContaining("cannot be split over 4 shards");
    }

    @Test
    void theRecordedHistogramDecodesBackToTheSameCounts() throws Exception {
        Histogram recorded = new ConcurrentHistogram(3_600_000, 3);
        for (int ms = 1; ms <= 5000; ms += 7) recorded.recordValue(ms);

        byte[] bytes = Base64.getDecoder().decode(RunRecorder.encoded(recorded));
        Histogram decoded = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);

        assertThat(decoded.getTotalCount()).isEqualTo(recorded.getTotalCount());
        assertThat(decoded.getValueAtPercentile(99)).isEqualTo(recorded.getValueAtPercentile(99));
        assertThat(decoded.getMaxValue()).isEqualTo(recorded.getMaxValue());
    }
}
