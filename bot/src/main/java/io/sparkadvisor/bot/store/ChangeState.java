package io.sparkadvisor.bot.store;

import java.util.Arrays;

/**
 * Where one step of a recommendation stands: proposed, then approved (claimed by one approver),
 * applied to the job, then verified or rolled back by the follow-up; or rejected instead. An
 * approval whose apply was refused goes back to proposed.
 */
public enum ChangeState {
    PROPOSED("proposed"), APPROVED("approved"), APPLIED("applied"), VERIFIED("verified"), ROLLED_BACK("rolled-back"),
    REJECTED("rejected");

    private final String id;

    ChangeState(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    static ChangeState of(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("unknown change state " + id));
    }
}
