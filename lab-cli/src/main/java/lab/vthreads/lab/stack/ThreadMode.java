package lab.vthreads.lab.stack;

import java.util.Locale;

public enum ThreadMode {
    PLATFORM, VIRTUAL;

    public boolean virtual() {
        return this == VIRTUAL;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
