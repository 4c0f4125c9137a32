package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.streaming.StreamStats;
import dev.llmproxy.domain.text.StorableText;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

final class RequestLogMapper {

    private RequestLogMapper() {
    }

    static RequestLogEntity toEntity(RequestRecord r) {
        RequestLogEntity e = new RequestLogEntity();
        e.requestId = r.requestId();
        e.receivedAt = toUtc(r.receivedAt());
        e.tier = text(r.tier());
        e.requestedModel = clip(r.requestedModel(), 300);
        e.answeringModel = text(r.answeringModel());
        e.answeredAs = clip(r.answeredAs(), 200);
        e.answeredLocally = r.answeredLocally();
        e.costUsd = r.costUsd();
        e.frontDoor = r.frontDoor() == null ? null : r.frontDoor().wireName();
        e.replayOf = r.reuse() == null ? null : r.reuse().original();
        e.reusedAs = r.reuse() == null ? null : r.reuse().kind().wireName();
        e.fallback = r.fallback();
        e.status = r.status();
        e.errorCode = text(r.errorCode());
        e.latencyMs = r.latencyMs();
        e.promptTokens = r.promptTokens();
        e.completionTokens = r.completionTokens();
        e.totalTokens = r.totalTokens();
        e.finishReason = clip(r.finishReason(), 40);
        e.truncated = r.truncated();
        e.saw429 = r.saw429();
        e.stream = r.stream();
        e.queueWaitMs = r.queueWaitMs();
        CallerRecord c = r.caller();
        e.clientHash = c.clientHash();
        e.keyId = text(c.keyId());
        e.scope = text(c.scope());
        e.rateLimits = clip(c.limits(), 400);
        e.rateLimitHit = text(c.limitHit());
        e.limiter = c.limiter();
        e.refusals = c.refusals();
        e.lastRefusedAt = c.lastRefusedAt() == null ? null : toUtc(c.lastRefusedAt());
        e.promptExcerpt = text(r.promptExcerpt());
        if (r.streamStats() != null) {
            e.firstTokenMs = r.streamStats().firstTokenMs();
            e.eventsRelayed = r.streamStats().eventsRelayed();
            e.malformedEvents = r.streamStats().malformed();
            e.continuations = r.streamStats().continuations();
        }
        e.attempts = text(AttemptsJson.write(r.attempts()));
        e.billed = billed(r);
        return e;
    }

    /** Each billed attempt's cost by its model; a cost recorded without attempts, by the answering model. */
    private static Map<String, BigDecimal> billed(RequestRecord r) {
        Map<String, BigDecimal> out = new TreeMap<>();
        for (AttemptRecord a : r.attempts()) {
            if (a.costUsd() != null) {
                out.merge(a.model(), a.costUsd(), BigDecimal::add);
            }
        }
        if (r.attempts().isEmpty() && r.costUsd() != null) {
            out.put(r.answeringModel() == null ? "" : r.answeringModel(), r.costUsd());
        }
        return out;
    }

    static RequestRecord toDomain(RequestLogEntity e) {
        return RequestRecord.of(e.requestId, e.receivedAt.toInstant(ZoneOffset.UTC))
                .asked(e.tier, e.requestedModel).answeredBy(e.answeringModel, e.fallback).answeredAs(e.answeredAs)
                .answeredLocally(e.answeredLocally).cost(e.costUsd).via(FrontDoor.named(e.frontDoor))
                .reused(e.replayOf == null || Reuse.Kind.named(e.reusedAs) == null ? null
                        : new Reuse(Reuse.Kind.named(e.reusedAs), e.replayOf))
                .status(e.status, e.errorCode).latencyMs(e.latencyMs)
                .usage(e.promptTokens, e.completionTokens, e.totalTokens).finished(e.finishReason, e.truncated)
                .saw429(e.saw429)
                .stream(e.stream, e.eventsRelayed == null ? null : new StreamStats(e.firstTokenMs, e.eventsRelayed,
                        e.malformedEvents == null ? 0 : e.malformedEvents, e.continuations == null ? 0 : e.continuations))
                .attempts(AttemptsJson.read(e.requestId, e.attempts))
                .queueWaitMs(e.queueWaitMs)
                .caller(new CallerRecord(e.clientHash, e.keyId, e.scope, e.rateLimits, e.rateLimitHit, e.limiter,
                        e.refusals, e.lastRefusedAt == null ? null : e.lastRefusedAt.toInstant(ZoneOffset.UTC)),
                        e.promptExcerpt)
                .build();
    }

    /** Microseconds: the precision both H2 and PostgreSQL keep, so keyset cursors compare exactly. */
    static LocalDateTime toUtc(java.time.Instant instant) {
        return LocalDateTime.ofInstant(instant.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }

    /** At most {@code max} characters of {@code s}, storable ({@link StorableText}). */
    static String clip(String s, int max) {
        return text(s == null || s.length() <= max ? s : s.substring(0, max));
    }

    /** Text from a caller or a provider, as the database can keep it. */
    private static String text(String s) {
        return StorableText.of(s);
    }
}
