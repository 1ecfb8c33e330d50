package lab.vthreads.infra.testdata;

import java.util.concurrent.atomic.AtomicLong;

/** Valid CPFs (correct check digits) for tests, a new one per call, so tests never collide on the unique CPF. */
public final class Cpfs {

    private static final AtomicLong NEXT = new AtomicLong(100_000_000L + (System.nanoTime() % 800_000_000L));

    private Cpfs() {
    }

    public static String next() {
        return withCheckDigits(NEXT.getAndIncrement() % 1_000_000_000L);
    }

    public static String withCheckDigits(long nineDigits) {
        String nine = String.format("%09d", nineDigits);
        String ten = nine + checkDigit(nine);
        return ten + checkDigit(ten);
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
        int rest = sum % 11;
        return rest < 2 ? 0 : 11 - rest;
    }
}
