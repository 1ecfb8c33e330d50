package lab.vthreads.lab.plan;

import lab.vthreads.lab.stack.Factors;
import lab.vthreads.lab.stack.ThreadMode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which cells of one repeat share one pair of service JVMs, and in what order they run.
 *
 * <p>Cells that differ only in their users share one pair: started once, prewarmed once with the most users of them,
 * then measured one after the other, the database emptied in between. A prewarm takes several times a service's
 * start, so prewarming every cell on fresh JVMs would more than double the default preset's run time. Within a pair the most users go first, straight after the prewarm that used them; an A/A copy goes
 * last, after the other levels, so that its spread also bounds what measuring on a used stack carries over.
 *
 * <p>The modes alternate across repeats (platform first in odd repeats, virtual first in even ones), so that drift
 * in the machine's speed over a run does not always favour the same mode. A preset with faults keeps a fresh pair per
 * cell: its faults restart components, and its figures are per cell.
 */
public final class StackPlan {

    /** One pair of service JVMs: the cells measured on it, in order. */
    public record Group(List<Cell> cells) {

        public Group {
            cells = List.copyOf(cells);
        }

        /** The cell whose settings start the services and whose users prewarm them: the most users. */
        public Cell first() {
            return cells.getFirst();
        }

        public List<String> order() {
            return cells.stream().map(Cell::id).toList();
        }
    }

    /** A pair of JVMs in a run: its repeat (1-based), its place among that repeat's pairs, and its cells. */
    public record Placed(int repeat, int index, Group group) {
    }

    private StackPlan() {
    }

    /**
     * @param cells    the preset's cells, in its order
     * @param repeat   1-based: even repeats run the modes in the reverse order
     * @param reuse    whether cells of one mode and factors share one pair of JVMs
     */
    public static List<Group> of(List<Cell> cells, int repeat, boolean reuse) {
        if (!reuse) return cells.stream().map(c -> new Group(List.of(c))).toList();
        Map<Key, List<Cell>> byStack = new LinkedHashMap<>();
        for (Cell cell : cells) byStack.computeIfAbsent(new Key(cell.variant(), cell.mode(), cell.factors()), k -> new ArrayList<>()).add(cell);
        List<Group> groups = new ArrayList<>();
        for (List<Cell> group : byStack.values()) {
            List<Cell> ordered = new ArrayList<>(group);
            ordered.sort(Comparator.comparing(Cell::replica).thenComparing(Comparator.comparingInt(Cell::users).reversed()));
            groups.add(new Group(ordered));
        }
        if (repeat % 2 == 0) alternateModes(groups);
        return groups;
    }

    /** The stacks of the second mode before the first's, keeping the order within each mode. */
    private static void alternateModes(List<Group> groups) {
        List<ThreadMode> modes = groups.stream().map(g -> g.first().mode()).distinct().toList();
        if (modes.size() < 2) return;
        List<ThreadMode> reversed = new ArrayList<>(modes);
        Collections.reverse(reversed);
        groups.sort(Comparator.comparingInt(g -> reversed.indexOf(g.first().mode())));
    }

    private record Key(String variant, ThreadMode mode, Factors factors) {
    }
}
