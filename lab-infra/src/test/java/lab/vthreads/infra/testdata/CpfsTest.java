package lab.vthreads.infra.testdata;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CpfsTest {

    private static final long SECOND = 1_795_000_000L;

    @Test
    void partsStartedInTheSameSecondNeverShareACpf() {
        Set<String> first = take(Cpfs.part(0, 2, SECOND), 5000), second = take(Cpfs.part(1, 2, SECOND), 5000);
        assertThat(first).hasSize(5000).doesNotContainAnyElementsOf(second);
        assertThat(second).hasSize(5000);
    }

    @Test
    void partsStartedSecondsApartNeverShareACpfEitherEvenWhenOneOvertakesTheOther() {
        // 9000 CPFs per part in 3 × 2000 of base digits: the earlier part runs through the later one's range.
        Set<String> early = take(Cpfs.part(0, 3, SECOND), 9000), late = take(Cpfs.part(2, 3, SECOND + 1), 9000);
        assertThat(early).hasSize(9000).doesNotContainAnyElementsOf(late);
    }

    @Test
    void aPartKeepsItsRemainderAcrossTheWrap() {
        // 499 999 s after the epoch the base digits start ~2000 below the wrap, and 2000 CPFs of a third part cross it.
        Cpfs.Part part = Cpfs.part(1, 3, 499_999L);
        IntStream.range(0, 2000).mapToObj(i -> part.next()).forEach(cpf ->
                assertThat(Long.parseLong(cpf.substring(0, 9)) % 3).as(cpf).isEqualTo(1));
    }

    @Test
    void everyCpfHasValidCheckDigits() {
        take(Cpfs.part(0, 1, SECOND), 100).forEach(cpf -> assertThat(Cpfs.withCheckDigits(Long.parseLong(cpf.substring(0, 9)))).isEqualTo(cpf));
        assertThat(Cpfs.withCheckDigits(529_982_247)).isEqualTo("52998224725");
    }

    @Test
    void aPartOutsideItsCountIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> Cpfs.part(2, 2));
        assertThatIllegalArgumentException().isThrownBy(() -> Cpfs.part(0, 0));
    }

    private static Set<String> take(Cpfs.Part part, int count) {
        Set<String> cpfs = new HashSet<>();
        for (int i = 0; i < count; i++) cpfs.add(part.next());
        return cpfs;
    }
}
