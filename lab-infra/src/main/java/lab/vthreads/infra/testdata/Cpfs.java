package lab.vthreads.infra.testdata;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Valid CPFs (correct check digits) that do not repeat, for the tests and the load generator alike, so the unique
 * constraint never turns a run into a 409 storm. The nine base digits count up from {@code 2000 × (epoch seconds)}
 * modulo 10^9: a run that starts after another can only overlap it if the earlier one sent more than 2000 requests
 * per second of the time between their starts, three times what this lab's 2-core machines sustain. The sequence
 * wraps after ~5.8 days.
 *
 * <p>Load generators that start together (the shards of one run, a Kubernetes indexed Job's pods) start in the same
 * second, so each takes its own {@link #part}: with one shared sequence, two of them sent the same CPFs and got 409s.
 */
public final class Cpfs {

    private static final long SPACE = 1_000_000_000L;
    private static final Part WHOLE = part(0, 1);

    private Cpfs() {
    }

    public static String next() {
        return WHOLE.next();
    }

    /**
     * Part {@code index} of {@code count}: the base digits that leave remainder {@code index} when divided by
     * {@code count}, so no two parts ever share a CPF, whichever second each started in.
     */
    public static Part part(int index, int count) {
        return part(index, count, System.currentTimeMillis() / 1000);
    }

    static Part part(int index, int count, long epochSeconds) {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("CPF part " + index + " of " + count + ": need 0 <= index < count");
        }
        // A wrap at a multiple of count keeps each part's remainder after it.
        long space = SPACE - SPACE % count;
        long start = (epochSeconds * 2000) % space;
        return new Part(new AtomicLong(start - start % count + index), count, space);
    }

    /** One part's sequence; thread-safe. */
    public static final class Part {

        private final AtomicLong next;
        private final int step;
        private final long space;

        private Part(AtomicLong next, int step, long space) {
            this.next = next;
            this.step = step;
            this.space = space;
        }

        public String next() {
            return withCheckDigits(Math.floorMod(next.getAndAdd(step), space));
        }
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
