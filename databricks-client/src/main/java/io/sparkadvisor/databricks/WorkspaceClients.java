package io.sparkadvisor.databricks;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.core.DatabricksException;
import java.util.function.UnaryOperator;

/**
 * Builds the SDK client with the SDK's own credential chain, so every mechanism the SDK knows
 * (env DATABRICKS_HOST/DATABRICKS_TOKEN, ~/.databrickscfg profiles, OAuth M2M with
 * DATABRICKS_CLIENT_ID/DATABRICKS_CLIENT_SECRET, cloud-native auth) works without code here.
 * Build every client here: loading this class puts a redactor in front of the SDK's logging.
 */
public final class WorkspaceClients {
    static {
        RedactingSdkLogging.install();
    }

    private WorkspaceClients() {
    }

    /** Environment variables first, then the DEFAULT profile of ~/.databrickscfg. */
    public static WorkspaceClient fromEnvironment() {
        return build(new DatabricksConfig());
    }

    /** As {@link #fromEnvironment()}, the config adjusted first (say with an HTTP client that meters its calls). */
    public static WorkspaceClient fromEnvironment(UnaryOperator<DatabricksConfig> adjust) {
        return build(adjust.apply(new DatabricksConfig()));
    }

    public static WorkspaceClient fromProfile(String profile) {
        return build(new DatabricksConfig().setProfile(profile));
    }

    /** A personal access token; the auth type is pinned so no other provider is probed. */
    public static WorkspaceClient withToken(String host, String token) {
        return build(new DatabricksConfig().setHost(host).setToken(token).setAuthType("pat"));
    }

    /** OAuth machine-to-machine with a service principal's client id and secret. */
    public static WorkspaceClient withServicePrincipal(String host, String clientId, String clientSecret) {
        return build(new DatabricksConfig().setHost(host).setClientId(clientId).setClientSecret(clientSecret)
                .setAuthType("oauth-m2m"));
    }

    public static WorkspaceClient build(DatabricksConfig config) {
        try {
            return new WorkspaceClient(config);
        } catch (DatabricksException e) {
            throw new WorkspaceAuthenticationException("Could not set up Databricks credentials ("
                    + e.getMessage() + "). " + WorkspaceAuthenticationException.HOW_TO_SET_CREDENTIALS, e);
        }
    }
}
