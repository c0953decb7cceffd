package io.sparkadvisor.bot.ask;

/** Where an analysis reports how far it got, so the person who asked sees it move. */
public interface Progress {
    /** Nobody watches (the fleet scan counts jobs, not bytes). */
    Progress NONE = new Progress() {
        @Override
        public void step(String line) {}

        @Override
        public void downloaded(long bytes, long totalBytes) {}
    };

    void step(String line);

    /** Bytes of event log read so far out of {@code totalBytes} (-1 when the size is unknown). */
    void downloaded(long bytes, long totalBytes);
}
