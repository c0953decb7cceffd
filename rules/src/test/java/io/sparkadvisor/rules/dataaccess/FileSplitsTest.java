package io.sparkadvisor.rules.dataaccess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FileSplitsTest {
    private static final long MB = FileSplits.MB;
    private static final FileSplits DEFAULTS = new FileSplits(128 * MB, 4 * MB, 1);

    @Test
    void tinyFilesCountAsTheOpenCost() {
        // seed 000: a 12 KB file counts as 4 MB, 32 of them fill a 128 MB split, 10,000 make 313 tasks
        assertEquals(32, DEFAULTS.filesPerTask(12 * 1024, 128 * MB));
        assertEquals(313, DEFAULTS.tasks(10_000, 10_000L * 12 * 1024));
    }

    @Test
    void largeFilesAreCutAtTheSplitAndTheirRemaindersPacked() {
        // 3 files of 100 MB at 32 MB: 3 full splits each, and the three 4 MB tails: (32+4)/(4+4) = 4 fit one task
        assertEquals(3, DEFAULTS.tasks(3, 300 * MB));
        assertEquals(10, DEFAULTS.withMaxPartitionBytes(32 * MB).tasks(3, 300 * MB));
    }

    @Test
    void splitShrinksToShareTheInputOverMinPartitionNum() {
        FileSplits eightCores = new FileSplits(128 * MB, 4 * MB, 8);
        // (300 MB + 3 x 4 MB) / 8 = 39 MB per core
        assertEquals(39 * MB, eightCores.splitBytes(3, 300 * MB));
        assertEquals(128 * MB, DEFAULTS.splitBytes(3, 300 * MB));
        // never below the open cost
        assertEquals(4 * MB, eightCores.splitBytes(1, 1024));
    }
}
