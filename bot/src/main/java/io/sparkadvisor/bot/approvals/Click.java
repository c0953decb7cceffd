package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.templates.slack.ApprovalIds.StepRef;

/** Someone pressed Approve or Reject on a step: who, on which message (its blocks, to edit them), for which step. */
public record Click(String userId, ClickedMessage message, String messageText, String blocksJson, StepRef step) {
    public String channel() {
        return message.channel();
    }

    public String messageTs() {
        return message.messageTs();
    }
}
