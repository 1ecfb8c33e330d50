package lab.vthreads.pessoa.iobound;

import lab.vthreads.pessoa.cep.CepClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * The I/O-bound endpoint, for the published CPU-vs-I/O study's other half: one blocking call to the downstream API,
 * then the answer. No database and no address to complete: a thread here spends nearly all of its request waiting
 * for the call, so how many threads may wait at once is what the thread model changes. The downstream is the lab's
 * CEP mock, whose fixed latency the preset sets, through the same pooled HTTP client as the registrations' lookups.
 */
@RestController
class DownstreamCallController {

    /** A CEP the mock always knows: what is asked does not matter, only that the call blocks for the mock's latency. */
    static final String CEP = "01001000";

    private final CepClient downstream;

    DownstreamCallController(CepClient downstream) {
        this.downstream = downstream;
    }

    // curl localhost:8081/v1/io
    @GetMapping("/v1/io")
    DownstreamCall call() {
        long start = System.nanoTime();
        // A failed call is the CEP API's problem detail (502 or 504), as for a registration.
        downstream.lookupAll(List.of(CEP));
        return new DownstreamCall(CEP, (System.nanoTime() - start) / 1_000_000);
    }

    /** @param waitedMs how long this request's thread waited for the downstream call */
    record DownstreamCall(String cep, long waitedMs) {
    }
}
