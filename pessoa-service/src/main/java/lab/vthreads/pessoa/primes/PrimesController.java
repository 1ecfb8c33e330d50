package lab.vthreads.pessoa.primes;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * A CPU-bound endpoint with no I/O at all, for the published CPU-bound comparison: here a thread never blocks, so
 * the thread model should not matter and both modes should serve the same throughput.
 */
@RestController
class PrimesController {

    /** Bounds the work one request can ask for: a hundred times the range CountPrimesSimulation asks for. */
    static final long MAX_RANGE = 1_000_000;

    // curl 'localhost:8081/v1/primes?from=1&to=20000'
    @GetMapping("/v1/primes")
    PrimeCount count(@RequestParam long from, @RequestParam long to) {
        if (from < 1 || to < from || to - from > MAX_RANGE) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                    "Need 1 <= from <= to and to - from <= " + MAX_RANGE + "; got from=" + from + ", to=" + to);
        }
        return new PrimeCount(from, to, Primes.countBetween(from, to));
    }

    record PrimeCount(long from, long to, long count) {
    }
}
