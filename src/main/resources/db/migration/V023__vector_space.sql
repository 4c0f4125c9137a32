-- An embedding model's vector space (label@dimensions); null for a chat model, which every model so far is.
ALTER TABLE allowed_model ADD COLUMN vector_space VARCHAR(200);
