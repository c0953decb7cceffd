package io.sparkadvisor.bot.access;

import io.sparkadvisor.databricks.access.Principal;

/** What the permission service answers: go ahead as this Databricks principal, or a refusal in words for the person. */
public sealed interface Decision {
    record Allowed(Principal principal) implements Decision {
    }

    record Refused(String reason) implements Decision {
    }
}
