package lab.vthreads.infra.cep;

import com.github.tomakehurst.wiremock.http.DelayDistribution;
import com.github.tomakehurst.wiremock.http.LogNormal;
import com.github.tomakehurst.wiremock.http.UniformDistribution;

import java.util.Locale;

/**
 * The latency the mock CEP API adds to each lookup: {@code lognormal:MEDIAN_MS:SIGMA}, {@code fixed:MS},
 * {@code uniform:LO_MS:HI_MS} or {@code none}. The text form is what the command line, presets and compose use.
 */
public sealed interface CepLatency {

    CepLatency DEFAULT = new LogNormalLatency(200, 0.4);

    /** The mean delay in milliseconds, which the capacity model needs (a log-normal mean is above its median). */
    double meanMillis();

    String text();

    record None() implements CepLatency {
        public double meanMillis() { return 0; }
        public String text() { return "none"; }
    }

    record FixedLatency(int millis) implements CepLatency {
        public FixedLatency {
            if (millis < 0) throw new IllegalArgumentException("fixed latency must be >= 0 ms, got " + millis);
        }
        public double meanMillis() { return millis; }
        public String text() { return "fixed:" + millis; }
    }

    record UniformLatency(int lowMillis, int highMillis) implements CepLatency {
        public UniformLatency {
            if (lowMillis < 0 || highMillis < lowMillis) {
                throw new IllegalArgumentException("uniform latency needs 0 <= LO <= HI, got " + lowMillis + ":" + highMillis);
            }
        }
        public double meanMillis() { return (lowMillis + highMillis) / 2.0; }
        public String text() { return "uniform:" + lowMillis + ":" + highMillis; }
    }

    record LogNormalLatency(double medianMillis, double sigma) implements CepLatency {
        public LogNormalLatency {
            if (medianMillis <= 0 || sigma < 0) {
                throw new IllegalArgumentException("lognormal latency needs MEDIAN > 0 and SIGMA >= 0, got " + medianMillis + ":" + sigma);
            }
        }
        public double meanMillis() { return medianMillis * Math.exp(sigma * sigma / 2); }
        public String text() { return "lognormal:" + trim(medianMillis) + ":" + trim(sigma); }
    }

    /** The WireMock distribution for random profiles; null for none and fixed, which use a fixed delay instead. */
    default DelayDistribution distribution() {
        return switch (this) {
            case LogNormalLatency l -> new LogNormal(l.medianMillis(), l.sigma());
            case UniformLatency u -> new UniformDistribution(u.lowMillis(), u.highMillis());
            case None n -> null;
            case FixedLatency f -> null;
        };
    }

    static CepLatency parse(String text) {
        String[] p = text.trim().toLowerCase(Locale.ROOT).split(":");
        String problem = "";
        try {
            switch (p[0]) {
                case "none" -> { if (p.length == 1) return new None(); }
                case "fixed" -> { if (p.length == 2) return new FixedLatency(Integer.parseInt(p[1])); }
                case "uniform" -> { if (p.length == 3) return new UniformLatency(Integer.parseInt(p[1]), Integer.parseInt(p[2])); }
                case "lognormal" -> { if (p.length == 3) return new LogNormalLatency(Double.parseDouble(p[1]), Double.parseDouble(p[2])); }
                default -> { }
            }
        } catch (NumberFormatException e) {
            problem = " (not a number)";
        } catch (IllegalArgumentException e) {
            problem = " (" + e.getMessage() + ")";
        }
        throw new IllegalArgumentException("Invalid CEP latency '" + text + "'" + problem
                + ": use lognormal:MEDIAN_MS:SIGMA, fixed:MS, uniform:LO_MS:HI_MS or none");
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
