package lab.vthreads.lab.measured;

import lab.vthreads.lab.metrics.SampleNames;
import lab.vthreads.lab.metrics.Window;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a window's mean response went, hop by hop, from the timer each hop keeps: the load generator's (the whole
 * response), the gateway's server timer, pessoa-service's, and pessoa-service's CEP lookups. Each hop's share is its
 * timer's mean less the next hop's: time spent queueing for a thread, a carrier or the CPU shows in the hop that waited,
 * as the queueing model's single response time cannot. A hop's timer starts only once a thread serves the request, so
 * a request waiting to be served counts in the hop before it (the load side's share holds the gateway's accept queue).
 *
 * @param responseMs   the load generator's mean response
 * @param gatewayMs    the gateway's mean request, from its server timer
 * @param serviceMs    pessoa-service's mean request (or the application's, where there is no gateway)
 * @param downstreamMs pessoa-service's CEP lookups, per request it served (NaN for an application: not timed by the lab)
 */
public record ResponseHops(double responseMs, double gatewayMs, double serviceMs, double downstreamMs) {

    /**
     * The window's means; NaN for a hop not measured (a run recorded before these timers were read).
     *
     * @param names the names the run's services carry in its samples (its cell's)
     */
    public static ResponseHops of(ExperimentResults.RepeatResult run, SampleNames names) {
        double response = run.client() == null || run.client().latency() == null ? Double.NaN : run.client().latency().mean();
        Window w = run.window();
        if (w == null) return new ResponseHops(response, Double.NaN, Double.NaN, Double.NaN);
        List<Map<String, Double>> samples = run.samples();
        double gateway = perRequestMs(w, samples, names.entryRequestSeconds(), names.entryRequests());
        double service = perRequestMs(w, samples, names.serverRequestSeconds(), names.serverRequests());
        double downstream = perRequestMs(w, samples, names.cepSeconds(), names.serverRequests());
        return new ResponseHops(response, gateway, service, downstream);
    }

    private static double perRequestMs(Window w, List<Map<String, Double>> samples, String secondsKey, String requestsKey) {
        double requests = w.delta(samples, requestsKey);
        return requests > 0 ? w.delta(samples, secondsKey) / requests * 1000 : Double.NaN;
    }

    /**
     * The evidence's clause, "" where the hops were not measured: "the mean response's 347 ms: 9 before the gateway, 14
     * in it, 12 in pessoa-service, 312 in its CEP lookups"; for an application the lab runs without a gateway
     * ({@code behindGateway} false), "before the application" and "in it".
     *
     * @param service what the service hop is called: the lab's service by its implementation's name, or "the application"
     */
    public String describe(String service, boolean behindGateway) {
        if (Double.isNaN(responseMs) || Double.isNaN(serviceMs)) return "";
        if (!behindGateway) {
            return String.format(Locale.ROOT, "; the mean response's %.0f ms: %.0f before %s, %.0f in it", responseMs, responseMs - serviceMs,
                    service, serviceMs);
        }
        if (Double.isNaN(gatewayMs)) return "";
        String own = String.format(Locale.ROOT, "%.0f in %s", Double.isNaN(downstreamMs) ? serviceMs : serviceMs - downstreamMs, service);
        String lookups = Double.isNaN(downstreamMs) ? "" : String.format(Locale.ROOT, ", %.0f in its CEP lookups", downstreamMs);
        return String.format(Locale.ROOT, "; the mean response's %.0f ms: %.0f before the gateway, %.0f in it, %s%s", responseMs,
                responseMs - gatewayMs, gatewayMs - serviceMs, own, lookups);
    }
}
