package io.sparkadvisor.bot.scan;

/** How far a scan got, for the person watching it: jobs done of all, and how many of those could not be read. */
public interface ScanProgress {
    ScanProgress NONE = (done, total, unreadable) -> { };

    void moved(int done, int total, int unreadable);
}
