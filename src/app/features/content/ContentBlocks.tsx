import { Alert, List, Text, Title } from '@mantine/core';
import type { ContentBlock } from './content-schemas.ts';

export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <div className="jl-content">
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        switch (block.type) {
          case 'heading':
            return (
              <Title key={key} order={2}>
                {block.text}
              </Title>
            );
          case 'paragraph':
            return <Text key={key}>{block.text}</Text>;
          case 'list':
            return (
              <List key={key} type={block.ordered ? 'ordered' : 'unordered'} spacing={4} my="sm">
                {block.items.map((item, i) => (
                  <List.Item key={i}>{item}</List.Item>
                ))}
              </List>
            );
          case 'note':
            return (
              <Alert key={key} color="blue" variant="light" my="sm">
                {block.text}
              </Alert>
            );
        }
      })}
    </div>
  );
}
