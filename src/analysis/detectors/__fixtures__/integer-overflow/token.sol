pragma solidity ^0.4.24;

library SafeMath {
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        uint256 c = a + b;
        require(c >= a);
        return c;
    }
}

contract LegacyToken {
    using SafeMath for uint256;
    mapping(address => uint256) public balances;
    uint256 public totalSupply;
    uint256 public counter;

    function transfer(address to, uint256 value) public {
        balances[msg.sender] -= value; // @expect integer-overflow
        balances[to] += value; // @expect integer-overflow
    }

    function bump(uint256 by) public {
        counter = counter * by; // @expect integer-overflow
    }

    function checkedTransfer(address to, uint256 value) public {
        require(balances[msg.sender] >= value);
        require(balances[to] + value >= balances[to]);
        balances[msg.sender] -= value;
        balances[to] += value;
    }

    function safeMint(uint256 value) public {
        totalSupply = totalSupply.add(value);
    }

    function increment() public {
        counter += 1;
    }
}
