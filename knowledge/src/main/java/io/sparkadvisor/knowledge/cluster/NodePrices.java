package io.sparkadvisor.knowledge.cluster;

import java.util.Map;
import java.util.Optional;

/**
 * List prices of the node types spark-advisor knows, for a node-type change's $/hour and DBU/hour difference.
 * {@code clusters/list-node-types} carries no prices, so this is a small static catalogue, an approximation:
 * Jobs Compute on the Premium tier, classic (non-Photon) DBU rates, on-demand instances, no discounts, one region
 * per cloud. A node type not listed has no known price: its changes are counted in node-hours only.
 *
 * <p>Sources:
 * <ul>
 * <li>DBU/hour per instance type: Databricks' instance-type pricing tables,
 *     https://www.databricks.com/product/pricing/product-pricing/instance-types (AWS) and
 *     https://azure.microsoft.com/en-us/pricing/details/databricks/ (Azure), as copied into NVIDIA/spark-rapids-tools'
 *     {@code premium-databricks-azure-catalog.json} (Azure, West US 2) and synccomputingcode/client_tools'
 *     {@code cost_calculator/dbus_vcpus.csv} (AWS). c5, x1e and GCP types are left out: no source we could check.</li>
 * <li>$ per DBU, Jobs Compute, Premium: $0.15 on AWS, $0.30 on Azure, https://www.databricks.com/product/pricing.</li>
 * <li>Instance $/hour: AWS EC2 on-demand Linux, us-east-1, https://aws.amazon.com/ec2/pricing/on-demand/; Azure
 *     pay-as-you-go Linux, West US 2 (the catalogue above: total $/hour less the DBU part).</li>
 * </ul>
 *
 * @param dbuPerHour DBUs a node of the type consumes per hour
 * @param dollarsPerDbu list $ per DBU for Jobs Compute, Premium, on the type's cloud
 * @param instanceDollarsPerHour what the cloud charges for the machine per hour
 */
public record NodePrices(double dbuPerHour, double dollarsPerDbu, double instanceDollarsPerHour) {
    private static final double AWS_JOBS_PREMIUM = 0.15;
    private static final double AZURE_JOBS_PREMIUM = 0.30;

    private static final Map<String, NodePrices> LIST = Map.ofEntries(
            aws("i3.xlarge", 1.0, 0.312), aws("i3.2xlarge", 2.0, 0.624),
            aws("m5.xlarge", 0.69, 0.192), aws("m5.2xlarge", 1.37, 0.384), aws("m5d.xlarge", 0.69, 0.226),
            aws("m5d.2xlarge", 1.37, 0.452),
            aws("r5.xlarge", 0.9, 0.252), aws("r5.2xlarge", 1.8, 0.504), aws("r5.4xlarge", 3.6, 1.008),
            aws("r5d.xlarge", 0.9, 0.288), aws("r3.xlarge", 1.0, 0.333),
            azure("Standard_DS3_v2", 0.75, 0.229), azure("Standard_E4ds_v4", 1.0, 0.288),
            azure("Standard_E8ds_v4", 2.0, 0.576));

    /** The list price of a node type, empty when the catalogue does not know it. */
    public static Optional<NodePrices> of(String nodeTypeId) {
        return Optional.ofNullable(LIST.get(nodeTypeId));
    }

    /** What a node of {@code to} costs per hour more than one of {@code from} (negative: less); empty unless both are listed. */
    public static Optional<Difference> between(String from, String to) {
        return of(from).flatMap(f -> of(to).map(t -> new Difference(t.dbuPerHour - f.dbuPerHour, t.dollarsPerHour() - f.dollarsPerHour())));
    }

    /** A per-node, per-hour price difference between two node types. */
    public record Difference(double dbuPerHour, double dollarsPerHour) {}

    /** What a node costs per hour, Databricks' DBUs and the cloud's machine together. */
    public double dollarsPerHour() {
        return dbuPerHour * dollarsPerDbu + instanceDollarsPerHour;
    }

    private static Map.Entry<String, NodePrices> aws(String id, double dbu, double instance) {
        return Map.entry(id, new NodePrices(dbu, AWS_JOBS_PREMIUM, instance));
    }

    private static Map.Entry<String, NodePrices> azure(String id, double dbu, double instance) {
        return Map.entry(id, new NodePrices(dbu, AZURE_JOBS_PREMIUM, instance));
    }
}
