package lab.vthreads.infra.testdata;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Valid CPFs (correct check digits) that do not repeat, for the tests and the load generator alike, so the unique
 * constraint never turns a run into a 409 storm. The nine base digits count up from {@code 2000 × (epoch seconds)}
 * modulo 10^9: a run that starts after another can only overlap it if the earlier one sent more than 2000 requests
 * per second of the time between their starts, three times what this lab's 2-core machines sustain. The sequence
 * wraps after ~5.8 days.
 */
public final class Cpfs {

    private static final long SPACE = 1_000_000_000L;
    private static final AtomicLong NEXT = new AtomicLong((System.currentTimeMillis() / 1000 * 2000) % SPACE);

    private Cpfs() {
    }

    public static String next() {
        return withCheckDigits(NEXT.getAndIncrement() % SPACE);
    }

    /** The CPF whose first nine digits are {@code nineDigits}, with its two check digits. */
    public static String withCheckDigits(long nineDigits) {
        String base = String.format("%09d", nineDigits % SPACE);
        String withFirst = base + checkDigit(base);
        return withFirst + checkDigit(withFirst);
    }

    /** The same CPF with its last check digit changed, so only the check digit is wrong. */
    public static String withWrongCheckDigit(String cpf) {
        char last = cpf.charAt(10);
        return cpf.substring(0, 10) + (char) ('0' + (last - '0' + 1) % 10);
    }

    private static int checkDigit(String digits) {
        int sum = 0;
        for (int i = 0; i < digits.length(); i++) {
            sum += (digits.charAt(i) - '0') * (digits.length() + 1 - i);
        }
        int remainder = sum % 11;
        return remainder < 2 ? 0 : 11 - remainder;
    }
}
