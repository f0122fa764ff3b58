// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Test fixture: every kind of declaration the signature extractor must canonicalise.

type Price is uint128;

error Unauthorized(address caller);
event FileLevel(uint indexed a, string b);

struct Point {
    int x;
    int y;
}

interface IOracle {
    struct Quote {
        Price price;
        uint64 at;
    }
    enum Side { Buy, Sell }

    function quote(address token, Side side) external view returns (Quote memory);
    event Quoted(address indexed token, Quote q);
}

library Math {
    function max(uint a, uint b) internal pure returns (uint) { return a > b ? a : b; }
    function scale(uint a) public pure returns (uint) { return a * 2; }
}

abstract contract Base {
    struct Order {
        address maker;
        IOracle.Quote quote;
        Point[] path;
        bytes32[2] ids;
    }
    mapping(address => mapping(uint256 => Order[])) public orders;
    uint[] public history;
    IOracle public oracle;
    uint internal hidden;
    address payable public treasury;

    error Expired(uint deadline, Order order);

    function place(Order calldata order, IOracle.Side side) external virtual returns (uint id);
    function _internalHelper(Order memory o) internal pure returns (address) { return o.maker; }
}

contract Kitchen is Base {
    mapping(address user => bool allowed) public allowed;
    Price public lastPrice;
    function(uint) external returns (bool) public hook;

    event Placed(Order order, Point indexed at, bytes payload);

    function place(Order calldata order, IOracle.Side) external override returns (uint id) {
        if (order.maker == address(0)) revert Unauthorized(msg.sender);
        id = history.length;
        history.push(id);
    }

    function batch(Point[][] memory grid, function(uint) external returns (bool) cb, bytes1 b, int[3] calldata) public {}

    function setPrice(Price p) external { lastPrice = p; }

    function _private() private {}

    receive() external payable {}
    fallback() external {}
}
