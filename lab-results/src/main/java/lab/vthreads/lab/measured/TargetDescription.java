package lab.vthreads.lab.measured;

import lab.vthreads.lab.stack.Endpoints;

import java.util.List;
import java.util.Map;

/**
 * What results.json keeps about a stack the lab did not start ({@code ./lab run --target FILE}).
 *
 * @param endpoints   each mode's URLs (passwords left out)
 * @param unavailable the figures a managed run has and this one does not
 * @param unapplied   factors the preset asked for that the lab cannot set on a stack it did not start: the stack's own
 *                    settings applied instead
 */
public record TargetDescription(String file, Map<String, Endpoints> endpoints, List<String> unavailable, List<String> unapplied) {
}
