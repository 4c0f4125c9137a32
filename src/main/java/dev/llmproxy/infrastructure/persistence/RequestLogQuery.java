package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestLogFilter;
import dev.llmproxy.domain.log.RequestLogRepository;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JPQL of a filtered, keyset-paged request-log page: conditions as parameters, never as text. */
record RequestLogQuery(String jpql, Map<String, Object> parameters) {

    static RequestLogQuery of(RequestLogFilter f, RequestLogRepository.Cursor before) {
        List<String> where = new ArrayList<>();
        Map<String, Object> p = new LinkedHashMap<>();
        if (f.from() != null) {
            where.add("r.receivedAt >= :from");
            p.put("from", RequestLogMapper.toUtc(f.from()));
        }
        if (f.to() != null) {
            where.add("r.receivedAt < :to");
            p.put("to", RequestLogMapper.toUtc(f.to()));
        }
        if (f.status() != null) {
            where.add("r.status = :status");
            p.put("status", f.status());
        }
        if (f.tier() != null) {
            where.add("r.tier = :tier");
            p.put("tier", f.tier());
        }
        if (f.model() != null) {
            where.add("(r.answeringModel = :model or r.requestedModel = :model)");
            p.put("model", f.model());
        }
        if (f.fallbackOnly()) {
            where.add("r.fallback = true");
        }
        if (f.saw429Only()) {
            where.add("r.saw429 = true");
        }
        if (f.requestId() != null) {
            where.add("r.requestId = :requestId");
            p.put("requestId", f.requestId());
        }
        if (f.clientHash() != null) {
            where.add("r.clientHash = :client");
            p.put("client", f.clientHash());
        }
        if (f.keyId() != null) {
            where.add("r.keyId = :key");
            p.put("key", f.keyId());
        }
        if (f.minCostUsd() != null) {
            where.add("r.costUsd >= :minCost");
            p.put("minCost", f.minCostUsd());
        }
        if (before != null) {
            where.add("(r.receivedAt < :t or (r.receivedAt = :t and r.requestId < :id))");
            p.put("t", RequestLogMapper.toUtc(before.receivedAt()));
            p.put("id", before.requestId());
        }
        String jpql = "select r from RequestLogEntity r" + (where.isEmpty() ? "" : " where " + String.join(" and ", where))
                + " order by r.receivedAt desc, r.requestId desc";
        return new RequestLogQuery(jpql, p);
    }
}
