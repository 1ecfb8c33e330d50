package lab.vthreads.gatling;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Valid CPFs (correct check digits) that do not repeat across runs, so the unique constraint never turns a load test
 * into a 409 storm. The nine base digits count up from {@code 2000 × (epoch seconds)} modulo 10^9: a run that starts
 * after another can only overlap it if the earlier one sent more than 2000 requests per second of the time between
 * their starts, three times what this lab's 2-core machines sustain. The sequence wraps after ~5.8 days.
 */
public final class Cpfs {

    private static final long SPACE = 1_000_000_000L;
    private static final AtomicLong NEXT = new AtomicLong((System.currentTimeMillis() / 1000 * 2000) % SPACE);

    private Cpfs() {
    }

    public static String next() {
        return withCheckDigits(NEXT.getAndIncrement() % SPACE);
    }

    public static String withCheckDigits(long nineDigits) {
        String nine = String.format("%09d", nineDigits);
        String ten = nine + checkDigit(nine);
        return ten + checkDigit(ten);
    }

    static int checkDigit(String digits) {
        int sum = 0;
        for (int i = 0; i < digits.length(); i++) {
            sum += (digits.charAt(i) - '0') * (digits.length() + 1 - i);
        }
        int rest = sum % 11;
        return rest < 2 ? 0 : 11 - rest;
    }
}
