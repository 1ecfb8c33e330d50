package lab.vthreads.lab.stack;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

public enum ThreadMode {
    PLATFORM, VIRTUAL;

    public boolean virtual() {
        return this == VIRTUAL;
    }

    /** How presets and results.json spell it. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
