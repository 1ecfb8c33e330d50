package lab.vthreads.lab.faults;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A timed fault inside a measured run, as a preset lists it ({@code faults:}).
 *
 * @param atSecond when it starts, in seconds into the hold window
 * @param seconds  how long it lasts: PostgreSQL's time down, or the CEP faults' window (0 for the restarts)
 * @param rate     for {@code cep-faults}: the share of all lookups each fault kind hits (0.05: 5% each)
 */
public record Fault(Kind kind, int atSecond, Integer seconds, Double rate) {

    public enum Kind {
        /** PostgreSQL stopped (its JVM and postmaster, by PID), then started again on the same data. */
        POSTGRES_RESTART("the database stops, then starts on its data"),
        /** pessoa-service gets SIGTERM (Spring's graceful shutdown), then starts again. */
        PESSOA_RESTART("pessoa-service gets SIGTERM, then starts again"),
        /** Every fault kind of the CEP mock hits {@code rate} of the lookups (CepFaultInjection). */
        CEP_FAULTS("a share of the CEP lookups fail"),
        /** The CEP API's process stopped and started at once: new connections to it are refused while it is down. */
        CEP_RESTART("the CEP API stops and starts: connections refused meanwhile");

        private final String what;

        Kind(String what) {
            this.what = what;
        }

        public String what() {
            return what;
        }

        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        @JsonCreator
        public static Kind of(String label) {
            return Arrays.stream(values()).filter(k -> k.label().equals(label)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                    "Unknown fault '" + label + "': use " + Arrays.stream(values()).map(Kind::label).toList()));
        }
    }

    public Fault {
        if (kind == null) throw new IllegalArgumentException("a fault needs a kind");
        seconds = seconds != null ? seconds : 0;
        if (atSecond < 0 || seconds < 0) throw new IllegalArgumentException("fault " + kind.label() + ": atSecond and seconds must be >= 0");
        boolean lasts = kind == Kind.POSTGRES_RESTART || kind == Kind.CEP_FAULTS;
        if (lasts != (seconds > 0)) {
            throw new IllegalArgumentException("fault " + kind.label() + ": " + (lasts ? "needs seconds > 0 (how long it lasts)"
                    : "takes no seconds: it lasts as long as the restart takes"));
        }
        if ((kind == Kind.CEP_FAULTS) != (rate != null)) {
            throw new IllegalArgumentException("fault " + kind.label() + ": rate is " + (kind == Kind.CEP_FAULTS ? "required" : "only for cep-faults"));
        }
    }

    /** Checks that a preset's faults fit its hold window, in order, each with time to recover before the next. */
    public static void validate(List<Fault> faults, int holdSeconds, String preset) {
        for (Fault f : faults) {
            if (f.atSecond() + f.seconds() >= holdSeconds) {
                throw new IllegalArgumentException("preset " + preset + ": fault " + f.kind().label() + " at " + f.atSecond() + " s lasting "
                        + f.seconds() + " s does not end inside the " + holdSeconds + " s hold window");
            }
        }
        for (int i = 1; i < faults.size(); i++) {
            if (faults.get(i).atSecond() < faults.get(i - 1).atSecond() + faults.get(i - 1).seconds()) {
                throw new IllegalArgumentException("preset " + preset + ": faults must be listed in time order without overlapping");
            }
        }
    }
}
