package lab.vthreads.corpus;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * With {@code corpus.start-delay-seconds}, the context takes that much longer to refresh (a cache warmed, a schema
 * checked at start), so its port opens that much later.
 */
@Component
class SlowStart {

    SlowStart(@Value("${corpus.start-delay-seconds:0}") int seconds) throws InterruptedException {
        if (seconds <= 0) return;
        Thread.sleep(seconds * 1000L);
        // What a reader of its log (and the lab's test) sees of it.
        System.out.println("slow start: the context waited " + seconds + " s before it went on");
    }
}
