package lab.vthreads.pessoa.support;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;

import javax.sql.DataSource;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Waits on the service's own pool, for tests that need requests to be holding connections before they go on. */
public final class HikariPool {

    private HikariPool() {
    }

    /** Waits until {@code count} connections are in use, and fails the test if that does not happen within {@code timeout}. */
    public static void awaitActive(DataSource dataSource, int count, Duration timeout) throws InterruptedException {
        HikariPoolMXBean pool = ((HikariDataSource) dataSource).getHikariPoolMXBean();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && pool.getActiveConnections() < count) {
            Thread.sleep(10);
        }
        assertThat(pool.getActiveConnections()).as("connections in use").isEqualTo(count);
    }
}
