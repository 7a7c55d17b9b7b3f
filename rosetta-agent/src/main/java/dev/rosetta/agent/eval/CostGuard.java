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
    private int running;

    /** @param max the limit in US dollars, or null for none */
    CostGuard(Double max) {
        this.max = max;
    }

    /**
     * Whether a run of {@code model} may start now; if it may, it is counted as under way. With a
     * limit and no run finished yet, it waits for the one under way to end.
     */
    synchronized boolean mayStart(String model) {
        if (max != null) {
            while (finished == 0 && running > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            double expected = 0;
            for (Map.Entry<String, Integer> e : underWay.entrySet()) {
                expected += e.getValue() * estimate(e.getKey());
            }
            if (spent + expected + estimate(model) > max) {
                return false;
            }
        }
        underWay.merge(model, 1, Integer::sum);
        running++;
        return true;
    }

    synchronized void finished(String model, Double cost) {
        ended(model);
        double c = cost == null ? 0 : cost;
        spent += c;
        finished++;
        double[] m = byModel.computeIfAbsent(model, k -> new double[2]);
        m[0] += c;
        m[1]++;
    }

    /** A run that ended with no row (it failed unexpectedly): no longer under way, nothing learnt. */
    synchronized void ended(String model) {
        underWay.merge(model, -1, Integer::sum);
        running--;
        notifyAll();
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
