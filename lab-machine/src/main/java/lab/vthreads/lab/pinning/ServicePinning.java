package lab.vthreads.lab.pinning;

import java.util.List;

/**
 * One service's virtual-thread pinning over a measured window, from its JFR recording.
 *
 * @param events       jdk.VirtualThreadPinned events: a virtual thread that blocked while it could not leave its
 *                     carrier, for at least {@link PinningRecording#THRESHOLD_MS}
 * @param pinnedMs     their durations added up: carrier time lost to pinning (a lower bound: shorter pins are not recorded)
 * @param submitFailed jdk.VirtualThreadSubmitFailed events: a virtual thread the scheduler could not take
 * @param top          the stacks that pinned longest, at most {@link PinningReader#TOP}
 * @param notRead      why there are no figures (null when read)
 */
public record ServicePinning(int events, double pinnedMs, int submitFailed, List<PinnedStack> top, String notRead) {

    public ServicePinning {
        top = top != null ? List.copyOf(top) : List.of();
    }

    /** Pinned time ÷ the window's seconds: how many carriers pinning took on average over it. */
    public double carriersPinned(double windowSeconds) {
        return pinnedMs / 1000 / windowSeconds;
    }

    public static ServicePinning notRead(String why) {
        return new ServicePinning(0, 0, 0, List.of(), why);
    }

    /**
     * @param frame    the frame that pinned: the innermost synchronized method on the stack, else the innermost frame
     *                 outside the JDK (the code that called into the blocking operation)
     * @param events   how many pins had this stack
     * @param pinnedMs their durations added up
     * @param stack    the stack, innermost frame first, at most {@link PinningReader#FRAMES} frames
     */
    public record PinnedStack(String frame, int events, double pinnedMs, List<String> stack) {
    }
}
