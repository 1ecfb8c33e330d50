package lab.vthreads.corpus;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A stranger's application for the lab's tests: one endpoint that waits like a request for a slow downstream does,
 * and properties that make it differ from the lab's services the ways real applications do. The lab knows nothing of
 * it but its jar and its port.
 */
@SpringBootApplication
public class CorpusApplication {

    public static void main(String[] args) {
        SpringApplication.run(CorpusApplication.class, args);
    }
}
