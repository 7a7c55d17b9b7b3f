package dev.rosetta.agent.eval;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code --max-cost}: no run starts once what has been spent, plus what the runs under way and this
 * one are expected to cost, would pass the limit. A run is expected to cost what the finished runs
 * of its model cost on average (of every model, before one of its own has finished; nothing before
 * any has). Runs whose cost is not known count as free.
 */
final class CostGuard {

    private final Double max;
    private double spent;
    private int finished;
    private final Map<String, double[]> byModel = new HashMap<>();
    private final Map<String, Integer> underWay = new HashMap<>();

    /** @param max the limit in US dollars, or null for none */
    CostGuard(Double max) {
        this.max = max;
    }

    /** Whether a run of {@code model} may start now; if it may, it is counted as under way. */
    synchronized boolean mayStart(String model) {
        if (max != null) {
            double expected = 0;
            for (Map.Entry<String, Integer> e : underWay.entrySet()) {
                expected += e.getValue() * estimate(e.getKey());
            }
            if (spent + expected + estimate(model) > max) {
                return false;
            }
        }
        underWay.merge(model, 1, Integer::sum);
        return true;
    }

    synchronized void finished(String model, Double cost) {
        underWay.merge(model, -1, Integer::sum);
        double c = cost == null ? 0 : cost;
        spent += c;
        finished++;
        double[] m = byModel.computeIfAbsent(model, k -> new double[2]);
        m[0] += c;
        m[1]++;
    }

    synchronized double spent() {
        return spent;
    }

    private double estimate(String model) {
        double[] m = byModel.get(model);
        if (m != null && m[1] > 0) {
            return m[0] / m[1];
        }
        return finished == 0 ? 0 : spent / finished;
    }
}
