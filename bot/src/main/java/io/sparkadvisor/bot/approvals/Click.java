package io.sparkadvisor.bot.approvals;

import io.sparkadvisor.templates.slack.ApprovalIds.StepRef;

/** Someone pressed Approve or Reject on a step: who, on which message (its blocks, to edit them), for which step. */
record Click(String userId, String channel, String messageTs, String messageText, String blocksJson, StepRef step) {}
