package dev.llmproxy.application.access;

/**
 * What the access check needs to know of an HTTP request.
 *
 * @param peer          the socket peer's address
 * @param forwarded     {@code Forwarded}, or null
 * @param xForwardedFor {@code X-Forwarded-For}, or null
 * @param authorization {@code Authorization}, or null
 * @param routeScope    the scope named by the route ({@code /v1/scopes/{scope}/...}), or null
 * @param priority      {@code X-Proxy-Priority}: the class the caller asks for, or null
 */
public record AccessRequest(String peer, String forwarded, String xForwardedFor, String authorization,
                            String routeScope, String priority) {

    public AccessRequest(String peer, String forwarded, String xForwardedFor, String authorization, String routeScope) {
        this(peer, forwarded, xForwardedFor, authorization, routeScope, null);
    }
}
