package lab.vthreads.corpus;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/**
 * {@code GET /work}: holds its thread for {@code corpus.wait-ms} as a blocking call to a downstream would (virtual
 * threads unmount there, platform threads stay taken), then does a little work of its own.
 */
@RestController
class WorkController {

    private final long waitMs;

    WorkController(@Value("${corpus.wait-ms:100}") long waitMs) {
        this.waitMs = waitMs;
    }

    // curl http://127.0.0.1:8080/work
    @GetMapping("/work")
    Map<String, Object> work() throws InterruptedException {
        Thread.sleep(waitMs);
        long sum = 0;
        for (int i = 0; i < 20_000; i++) sum += Integer.toString(i).hashCode();
        return Map.of("waitedMs", waitMs, "checksum", sum);
    }
}
