-- Deployment groups: the group a model is one deployment of (NULL: none), and its share of the group's traffic
-- (NULL: the group is balanced by observed latency).
ALTER TABLE allowed_model ADD COLUMN deployment_of VARCHAR(200);
ALTER TABLE allowed_model ADD COLUMN weight INTEGER;
